// A scripted model on the shared fake server: tests that run a whole agent (the CLI's) say what
// each turn answers, and the server speaks the OpenAI Chat Completions wire format (JSON and SSE).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { embeddingsAnswer } from './fake-embeddings.js';
import { startServer, type Refusal, type VendorServer } from './vendor-server.js';

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

/** A check in front of the script (a platform's path, version and credentials): a refusal, or undefined to go on. */
export type FakeGate = (req: IncomingMessage) => Refusal | undefined;

export interface FakeOpenAI {
  url: string;
  /** Bodies of every chat completion request the script answered, in order. */
  requests: Array<Record<string, unknown>>;
  /** Bodies of every `/embeddings` request (answered with word-hashed vectors, see `embeddingsAnswer`). */
  embeddings: Array<Record<string, unknown>>;
  /** The `traceparent` header of each of those requests (undefined when none was sent). */
  traceparents: Array<string | undefined>;
  close(): Promise<void>;
}

/** Takes script items in order (then `fallback`), numbering the turns for call ids. */
export function scriptCursor(script: readonly FakeScriptItem[], fallback: FakeScriptItem): (messages: Array<Record<string, unknown>>) => { turn: FakeTurn; n: number } {
  let index = 0;
  return (messages) => {
    const item = script[index] ?? fallback;
    const n = index++;
    return { turn: typeof item === 'function' ? item(messages) : item, n };
  };
}

function message(turn: FakeTurn, n: number): Record<string, unknown> {
  return {
    role: 'assistant',
    content: turn.text ?? null,
    ...(turn.toolCalls?.length
      ? { tool_calls: turn.toolCalls.map((call, i) => ({ id: `call_${n}_${i}`, type: 'function', function: { name: call.name, arguments: JSON.stringify(call.args) } })) }
      : {}),
  };
}

function answer(res: ServerResponse, request: Record<string, unknown>, turn: FakeTurn, n: number): void {
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
}

/**
 * The shared fake server answering a script of turns in the OpenAI Chat Completions format (JSON,
 * or SSE when the request streams); when the script runs out it answers with `fallback`. Only
 * `POST …/chat/completions` and `POST …/embeddings` are served (404 otherwise), behind an optional `gate`. Its `url` ends in `/v1`.
 */
export async function startFakeOpenAI(script: FakeScriptItem[], fallback: FakeScriptItem = { text: 'done' }, gate?: FakeGate): Promise<FakeOpenAI> {
  const server: VendorServer = await startServer();
  const requests: Array<Record<string, unknown>> = [];
  const traceparents: Array<string | undefined> = [];
  const next = scriptCursor(script, fallback);
  const embeddings: Array<Record<string, unknown>> = [];
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const pathname = new URL(req.url ?? '/', 'http://fake.test').pathname;
    const isEmbeddings = pathname.endsWith('/embeddings');
    if (req.method !== 'POST' || (!pathname.endsWith('/chat/completions') && !isEmbeddings)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    const refusal = gate?.(req);
    if (refusal) {
      res.writeHead(refusal.status, { 'content-type': 'application/json', ...refusal.headers }).end(JSON.stringify(refusal.body));
      return;
    }
    const request = server.requests.at(-1)!.body as Record<string, unknown>;
    if (isEmbeddings) {
      embeddings.push(request);
      const answer = embeddingsAnswer(request);
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
      return;
    }
    requests.push(request);
    traceparents.push(typeof req.headers.traceparent === 'string' ? req.headers.traceparent : undefined);
    const { turn, n } = next(request.messages as Array<Record<string, unknown>>);
    if (turn.delayMs) await new Promise((resolve) => setTimeout(resolve, turn.delayMs));
    answer(res, request, turn, n);
  };
  server.reply((req, res) => serve(req, res).catch((error: unknown) => void res.writeHead(500).end(String(error))));
  return { url: `${server.url}/v1`, requests, embeddings, traceparents, close: () => server.close() };
}

/** The text of the last tool message the model was sent. */
export function lastToolResult(messages: Array<Record<string, unknown>>): string {
  const tool = [...messages].reverse().find((m) => m.role === 'tool');
  return typeof tool?.content === 'string' ? tool.content : JSON.stringify(tool?.content ?? '');
}
