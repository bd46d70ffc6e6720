import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeToolCall {
  name: string;
  args: Record<string, unknown>;
}

export interface FakeTurn {
  text?: string;
  toolCalls?: FakeToolCall[];
  /** Hold the answer this long (to interrupt a run mid-call). */
  delayMs?: number;
}

/** A turn, or a function of the request's messages (e.g. to echo the last tool result). */
export type FakeScriptItem = FakeTurn | ((messages: Array<Record<string, unknown>>) => FakeTurn);

export interface FakeOpenAI {
  url: string;
  /** Bodies of every chat completion request, in order. */
  requests: Array<Record<string, unknown>>;
  /** The `traceparent` header of each request (undefined when none was sent). */
  traceparents: Array<string | undefined>;
  close(): Promise<void>;
}

async function body(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += String(chunk);
  return JSON.parse(text) as Record<string, unknown>;
}

function message(turn: FakeTurn, index: number): Record<string, unknown> {
  return {
    role: 'assistant',
    content: turn.text ?? null,
    ...(turn.toolCalls?.length
      ? { tool_calls: turn.toolCalls.map((call, i) => ({ id: `call_${index}_${i}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } })) }
      : {}),
  };
}

/** A check in front of the script (a platform's path, version and credentials): a refusal, or undefined to go on. */
export type FakeGate = (req: IncomingMessage) => { status: number; body: unknown } | undefined;

/**
 * A local server speaking the OpenAI Chat Completions wire format (JSON and
 * SSE), replaying a script of turns; when the script runs out it answers with `fallback`.
 */
export async function startFakeOpenAI(script: FakeScriptItem[], fallback: FakeScriptItem = { text: 'done' }, gate?: FakeGate): Promise<FakeOpenAI> {
  const requests: Array<Record<string, unknown>> = [];
  const traceparents: Array<string | undefined> = [];
  let index = 0;
  const server: Server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || !new URL(req.url ?? '/', 'http://fake.test').pathname.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const refusal = gate?.(req);
      if (refusal) {
        res.writeHead(refusal.status, { 'content-type': 'application/json' }).end(JSON.stringify(refusal.body));
        return;
      }
      const request = await body(req);
      requests.push(request);
      traceparents.push(typeof req.headers.traceparent === 'string' ? req.headers.traceparent : undefined);
      const item = script[index] ?? fallback;
      const turn = typeof item === 'function' ? item(request.messages as Array<Record<string, unknown>>) : item;
      const n = index++;
      if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
      const finish = turn.toolCalls?.length ? 'tool_calls' : 'stop';
      const usage = { prompt_tokens: 100, completion_tokens: 20, total_tokens: 120 };
      const id = `chatcmpl-${n}`;
      if (request.stream !== true) {
        res.writeHead(200, { 'content-type': 'application/json', 'x-request-id': id });
        res.end(JSON.stringify({ id, object: 'chat.completion', model: request.model, choices: [{ index: 0, message: message(turn, n), finish_reason: finish }], usage }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-request-id': id });
      const send = (data: unknown): boolean => res.write(`data: ${JSON.stringify(data)}\n\n`);
      const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): Record<string, unknown> => ({
        id,
        object: 'chat.completion.chunk',
        model: request.model,
        choices: [{ index: 0, delta, finish_reason: finishReason }],
      });
      send(chunk({ role: 'assistant' }));
      if (turn.text) for (const piece of turn.text.match(/.{1,12}/gs) ?? []) send(chunk({ content: piece }));
      turn.toolCalls?.forEach((call, i) => {
        send(chunk({ tool_calls: [{ index: i, id: `call_${n}_${i}`, type: 'function', function: { name: call.name, arguments: '' } }] }));
        send(chunk({ tool_calls: [{ index: i, function: { arguments: JSON.stringify(call.args) } }] }));
      });
      send(chunk({}, finish));
      send({ id, object: 'chat.completion.chunk', model: request.model, choices: [], usage });
      res.end('data: [DONE]\n\n');
    })().catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    traceparents,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The text of the last tool message the model was sent. */
export function lastToolResult(messages: Array<Record<string, unknown>>): string {
  const tool = [...messages].reverse().find((m) => m.role === 'tool');
  return typeof tool?.content === 'string' ? tool.content : JSON.stringify(tool?.content ?? '');
}
