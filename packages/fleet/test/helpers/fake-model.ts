import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completion request as the fake model server saw it. */
export interface SeenRequest {
  at: number;
  key: string;
  /** `call`: it answered with a tool call; `final`: with text. */
  kind: 'call' | 'final';
}

export interface FakeModel {
  url: string;
  requests: SeenRequest[];
  close(): Promise<void>;
}

type Msg = { role: string; content?: unknown; tool_calls?: unknown[] };

function text(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((p) => (typeof p === 'object' && p && 'text' in p ? String((p as { text: unknown }).text) : '')).join('');
  return '';
}

/** `key=job-1 tool=count_effect hold=2000 delay=100 delayfirst=5000`: the task tells the fake model what to do. */
export function taskParams(task: string): Record<string, string> {
  return Object.fromEntries([...task.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1]!, m[2]!]));
}

/**
 * A stateless OpenAI-compatible model (JSON answers, no streaming): its answer depends only on the
 * conversation it is sent, so any worker can resume any run. First turn: a call of the tool the
 * task names (default `count_effect`) with the task's key; once a tool result is in the
 * conversation: `done <key>: <result>`. Every request is recorded with its arrival time.
 */
export async function startFakeModel(): Promise<FakeModel> {
  const requests: SeenRequest[] = [];
  let n = 0;
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: Msg[]; model: string };
      const lastUser = body.messages.map((m) => m.role).lastIndexOf('user');
      const params = taskParams(text(body.messages[lastUser]?.content));
      const key = params.key ?? 'none';
      const toolMessages = body.messages.slice(lastUser + 1).filter((m) => m.role === 'tool');
      const id = `chatcmpl-${n++}`;
      const kind: SeenRequest['kind'] = toolMessages.length === 0 ? 'call' : 'final';
      requests.push({ at: Date.now(), key, kind });
      const message =
        kind === 'call'
          ? { role: 'assistant', content: null, tool_calls: [{ id: `call_${key}`, type: 'function', function: { name: params.tool ?? 'count_effect', arguments: JSON.stringify({ key, ...(params.hold ? { holdMs: Number(params.hold) } : {}) }) } }] }
          : { role: 'assistant', content: `done ${key}: ${text(toolMessages.at(-1)?.content).slice(0, 120)}` };
      const answer = (): void => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id, object: 'chat.completion', model: body.model, choices: [{ index: 0, message, finish_reason: kind === 'call' ? 'tool_calls' : 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 } }));
      };
      const firstCall = kind === 'call' && requests.filter((r) => r.key === key && r.kind === 'call').length === 1;
      const delay = Number(params.delay ?? (firstCall ? (params.delayfirst ?? 0) : 0));
      if (delay > 0 && kind === 'call') setTimeout(answer, delay);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
