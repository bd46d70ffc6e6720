// Bedrock in front of the scripted model: SigV4 checked by signing again, Converse and ConverseStream answers.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { refuseSigV4, sigV4Refusal, type FakeAwsCredentials } from './bedrock-signature.js';
import { frame as anyFrame } from './event-stream.js';
import { scriptCursor, type FakeScriptItem, type FakeTurn } from './scripted-openai.js';
import { startServer } from './vendor-server.js';

export interface FakeBedrock {
  /** The runtime root (`BEDROCK_BASE_URL`). */
  url: string;
  /** Every Converse body, in order. */
  requests: Array<Record<string, unknown>>;
  /** The paths requested (`/model/{id}/converse-stream`). */
  paths: string[];
  close(): Promise<void>;
}

const frame = (type: string, payload: Record<string, unknown>): Uint8Array => anyFrame('event', type, payload);

function streamFrames(turn: FakeTurn, n: number): Uint8Array {
  const frames = [frame('messageStart', { role: 'assistant' })];
  let index = 0;
  if (turn.text) {
    for (const piece of turn.text.match(/.{1,12}/gs) ?? []) frames.push(frame('contentBlockDelta', { contentBlockIndex: index, delta: { text: piece } }));
    frames.push(frame('contentBlockStop', { contentBlockIndex: index++ }));
  }
  turn.toolCalls?.forEach((call, i) => {
    frames.push(frame('contentBlockStart', { contentBlockIndex: index, start: { toolUse: { toolUseId: `tooluse_${n}_${i}`, name: call.name } } }));
    frames.push(frame('contentBlockDelta', { contentBlockIndex: index, delta: { toolUse: { input: JSON.stringify(call.args) } } }));
    frames.push(frame('contentBlockStop', { contentBlockIndex: index++ }));
  });
  frames.push(frame('messageStop', { stopReason: turn.toolCalls?.length ? 'tool_use' : 'end_turn' }));
  frames.push(frame('metadata', { usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 }, metrics: { latencyMs: 5 } }));
  return Buffer.concat(frames);
}

function converseBody(turn: FakeTurn, n: number): Record<string, unknown> {
  const content: unknown[] = [];
  if (turn.text) content.push({ text: turn.text });
  turn.toolCalls?.forEach((call, i) => content.push({ toolUse: { toolUseId: `tooluse_${n}_${i}`, name: call.name, input: call.args } }));
  return { output: { message: { role: 'assistant', content } }, stopReason: turn.toolCalls?.length ? 'tool_use' : 'end_turn', usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120 }, metrics: { latencyMs: 5 } };
}

/**
 * A fake Bedrock runtime on the shared server:
 * it verifies every request's SigV4 signature by signing it again with the expected credentials
 * (403 `InvalidSignatureException` / `UnrecognizedClientException` otherwise) and answers
 * Converse with JSON and ConverseStream with real event-stream frames, replaying a script.
 */
export async function startFakeBedrock(expected: { credentials: FakeAwsCredentials; region: string; model: string }, script: FakeScriptItem[], fallback: FakeScriptItem = { text: 'done' }): Promise<FakeBedrock> {
  const server = await startServer();
  const requests: Array<Record<string, unknown>> = [];
  const paths: string[] = [];
  const next = scriptCursor(script, fallback);
  const serve = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const { text } = server.requests.at(-1)!;
    const path = new URL(req.url ?? '/', 'http://bedrock.test').pathname;
    paths.push(path);
    const base = `/model/${encodeURIComponent(expected.model)}/`;
    if (req.method !== 'POST' || (path !== `${base}converse` && path !== `${base}converse-stream`)) {
      res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ message: `Unknown operation ${path}` }));
      return;
    }
    const refusal = await sigV4Refusal(req, text, expected);
    if (refusal) return refuseSigV4(res, refusal);
    const request = JSON.parse(text) as Record<string, unknown>;
    requests.push(request);
    const { turn, n } = next(request.messages as Array<Record<string, unknown>>);
    if (path.endsWith('/converse')) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-amzn-requestid': `aws-req-${n}` }).end(JSON.stringify(converseBody(turn, n)));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': `aws-req-${n}` });
    const bytes = streamFrames(turn, n);
    // Slices that cut frames, as a real connection does.
    for (let i = 0; i < bytes.length; i += 50) res.write(bytes.subarray(i, Math.min(i + 50, bytes.length)));
    res.end();
  };
  server.reply((req, res) => serve(req, res).catch((error: unknown) => void res.writeHead(500).end(String(error))));
  return { url: server.url, requests, paths, close: () => server.close() };
}

/** The text of the last tool result in a Converse conversation. */
export function lastConverseToolResult(messages: Array<Record<string, unknown>>): string {
  for (const message of [...messages].reverse()) {
    for (const block of (message.content as Array<Record<string, unknown>> | undefined) ?? []) {
      const result = block.toolResult as { content?: Array<{ text?: string; json?: unknown }> } | undefined;
      if (result) return result.content?.map((c) => c.text ?? JSON.stringify(c.json)).join('') ?? '';
    }
  }
  return '';
}
