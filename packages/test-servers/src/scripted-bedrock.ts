// Bedrock in front of the scripted model: SigV4 checked by signing again, Converse and ConverseStream answers.
import { createHash, createHmac, type Hash, type Hmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { EventStreamCodec } from '@smithy/core/event-streams';
import { SignatureV4 } from '@smithy/signature-v4';
import { scriptCursor, type FakeScriptItem, type FakeTurn } from './scripted-openai.js';
import { startServer } from './vendor-server.js';

export interface FakeAwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface FakeBedrock {
  /** The runtime root (`BEDROCK_BASE_URL`). */
  url: string;
  /** Every Converse body, in order. */
  requests: Array<Record<string, unknown>>;
  /** The paths requested (`/model/{id}/converse-stream`). */
  paths: string[];
  close(): Promise<void>;
}

/** SHA-256 and HMAC-SHA-256 on node:crypto, in the shape smithy's signer wants. */
class Sha256 {
  private hash: Hash | Hmac;
  constructor(private readonly secret?: unknown) {
    this.hash = this.create();
  }
  private create(): Hash | Hmac {
    if (this.secret === undefined || this.secret === null) return createHash('sha256');
    return createHmac('sha256', typeof this.secret === 'string' ? this.secret : Buffer.from(this.secret as Uint8Array));
  }
  update(data: string | Uint8Array): void {
    this.hash.update(typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
  }
  digest(): Promise<Uint8Array> {
    return Promise.resolve(new Uint8Array(this.hash.digest()));
  }
  reset(): void {
    this.hash = this.create();
  }
}

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

function frame(type: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: { ':message-type': { type: 'string', value: 'event' }, ':event-type': { type: 'string', value: type }, ':content-type': { type: 'string', value: 'application/json' } },
    body: new TextEncoder().encode(JSON.stringify(payload)),
  });
}

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

function refuse(res: ServerResponse, type: string, message: string): void {
  res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.coral.service/`, 'x-amzn-requestid': 'aws-req-403' });
  res.end(JSON.stringify({ message }));
}

/** Signs the request that arrived again with the expected credentials; the signature must match. */
async function signatureOk(req: IncomingMessage, text: string, credentials: FakeAwsCredentials, region: string): Promise<string | undefined> {
  const auth = String(req.headers.authorization ?? '');
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return 'IncompleteSignatureException';
  const [, keyId, , scopeRegion, service, signedHeaders] = match;
  if (keyId !== credentials.accessKeyId || req.headers['x-amz-security-token'] !== credentials.sessionToken) return 'UnrecognizedClientException';
  if (scopeRegion !== region || service !== 'bedrock') return 'InvalidSignatureException';
  const headers: Record<string, string> = {};
  for (const name of (signedHeaders ?? '').split(';')) {
    // The payload hash is recomputed from the body that arrived, never taken from the request.
    if (name !== 'x-amz-content-sha256' && typeof req.headers[name] === 'string') headers[name] = req.headers[name];
  }
  const amzDate = String(req.headers['x-amz-date'] ?? '');
  const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const url = new URL(req.url ?? '/', `http://${String(req.headers.host ?? '')}`);
  const signer = new SignatureV4({ service: 'bedrock', region, credentials, sha256: Sha256 });
  const signed = await signer.sign({ method: req.method ?? 'POST', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: {}, headers, body: text }, { signingDate });
  return signed.headers.authorization === auth ? undefined : 'InvalidSignatureException';
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
    const refusal = await signatureOk(req, text, expected.credentials, expected.region);
    if (refusal) return refuse(res, refusal, 'The request signature we calculated does not match the signature you provided.');
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
