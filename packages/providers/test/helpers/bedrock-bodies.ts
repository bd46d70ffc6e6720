import { EventStreamCodec } from '@smithy/core/event-streams';
import { SignatureV4 } from '@smithy/signature-v4';
import { Sha256 } from '../../src/bedrock/aws-deps.js';
import type { AwsCredentials } from '../../src/index.js';
import type { Reply, VendorServer } from './vendor-server.js';

type Obj = Record<string, unknown>;

export const AWS_CREDENTIALS: AwsCredentials = {
  accessKeyId: 'AKIAFAKEKEYID0000001',
  secretAccessKey: 'fAkEsEcReT/FAKEKEY/DONOTLEAK+0123456789ab',
  sessionToken: 'IQoJb3JpZ2luX2VjEFAKESESSIONTOKEN//////////wEaCXVzLWVhc3QtMSJHMEUCIQD',
};

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/**
 * A fake Bedrock runtime in front of `next`. It verifies each request's SigV4 signature by signing
 * the request it received again with the same signer library and the expected credentials (the
 * payload hash recomputed from the body it got, the date from `x-amz-date`), and answers like AWS
 * when it does not match: 403 `InvalidSignatureException`, 403 `UnrecognizedClientException` for
 * an unknown key or token.
 */
export function bedrockRuntime(server: () => VendorServer, expected: { credentials: AwsCredentials; region: string }, next: Reply): Reply {
  return async (req, res) => {
    const received = server().requests.at(-1);
    const fail = (type: string, message: string): void => {
      res.writeHead(403, { 'content-type': 'application/json', 'x-amzn-errortype': `${type}:http://internal.amazon.com/coral/com.amazon.coral.service/`, 'x-amzn-requestid': 'aws-req-403' });
      res.end(JSON.stringify({ message }));
    };
    const auth = String(req.headers.authorization ?? '');
    const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(auth);
    if (!match || !received) return fail('IncompleteSignatureException', 'Authorization header requires Credential, SignedHeaders and Signature.');
    const [, keyId, , region, service, signedHeaders] = match;
    if (keyId !== expected.credentials.accessKeyId) return fail('UnrecognizedClientException', 'The security token included in the request is invalid.');
    if (region !== expected.region || service !== 'bedrock') return fail('InvalidSignatureException', `Credential should be scoped to a valid region and service (got ${region}/${service}).`);
    if (req.headers['x-amz-security-token'] !== expected.credentials.sessionToken) return fail('UnrecognizedClientException', 'The security token included in the request is invalid.');
    const headers: Record<string, string> = {};
    for (const name of (signedHeaders ?? '').split(';')) {
      // The payload hash is recomputed from the body that arrived, never taken from the request.
      if (name !== 'x-amz-content-sha256' && typeof req.headers[name] === 'string') headers[name] = req.headers[name];
    }
    const amzDate = String(req.headers['x-amz-date'] ?? '');
    const signingDate = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    const host = String(req.headers.host ?? '');
    const url = new URL(req.url ?? '/', `http://${host}`);
    const signer = new SignatureV4({ service: 'bedrock', region: expected.region, credentials: expected.credentials, sha256: Sha256 });
    const signed = await signer.sign(
      { method: req.method ?? 'POST', protocol: 'http:', hostname: url.hostname, port: Number(url.port), path: url.pathname, query: {}, headers, body: received.text },
      { signingDate },
    );
    if (signed.headers.authorization !== auth) return fail('InvalidSignatureException', 'The request signature we calculated does not match the signature you provided.');
    return next(req, res);
  };
}

/** One event-stream message: an event, or an exception. */
export function frame(kind: 'event' | 'exception', type: string, payload: Obj): Uint8Array {
  return codec.encode({
    headers: {
      ':message-type': { type: 'string', value: kind },
      [kind === 'event' ? ':event-type' : ':exception-type']: { type: 'string', value: type },
      ':content-type': { type: 'string', value: 'application/json' },
    },
    body: new TextEncoder().encode(JSON.stringify(payload)),
  });
}

/** The ConverseStream events for content blocks, a stop reason and usage, framed. */
export function converseStream(blocks: Obj[], stopReason: string, usage: Obj = { inputTokens: 30, outputTokens: 12, totalTokens: 42 }): Uint8Array {
  const frames: Uint8Array[] = [frame('event', 'messageStart', { role: 'assistant', p: 'abcdefgh' })];
  blocks.forEach((block, contentBlockIndex) => {
    if (block.toolUse) {
      const toolUse = block.toolUse as Obj;
      frames.push(frame('event', 'contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId: toolUse.toolUseId, name: toolUse.name } }, p: 'ab' }));
      const input = JSON.stringify(toolUse.input);
      for (const piece of [input.slice(0, 5), input.slice(5)]) frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: piece } }, p: 'abc' }));
    } else if (typeof block.text === 'string') {
      const text = block.text;
      const half = Math.ceil(text.length / 2);
      for (const piece of [text.slice(0, half), text.slice(half)]) frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { text: piece }, p: 'abcd' }));
    } else if (block.reasoningContent) {
      const reasoning = (block.reasoningContent as Obj).reasoningText as Obj;
      frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { text: reasoning.text } } }));
      frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { signature: reasoning.signature } } }));
    }
    frames.push(frame('event', 'contentBlockStop', { contentBlockIndex, p: 'a' }));
  });
  frames.push(frame('event', 'messageStop', { stopReason, p: 'abcdef' }));
  frames.push(frame('event', 'metadata', { usage, metrics: { latencyMs: 321 }, p: 'abc' }));
  return Buffer.concat(frames);
}

/** The non-streaming Converse body for the same content. */
export function converseBody(blocks: Obj[], stopReason: string, usage: Obj = { inputTokens: 30, outputTokens: 12, totalTokens: 42 }): Obj {
  return { output: { message: { role: 'assistant', content: blocks } }, stopReason, usage, metrics: { latencyMs: 321 } };
}

const tick = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Streams event-stream bytes in slices; `cutAfterBytes` drops the connection there. */
export function eventStreamReply(bytes: Uint8Array, options: { chunkBytes?: number; cutAfterBytes?: number } = {}): Reply {
  return async (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/vnd.amazon.eventstream', 'x-amzn-requestid': 'aws-req-stream' });
    res.flushHeaders();
    const limit = options.cutAfterBytes ?? bytes.length;
    const step = options.chunkBytes ?? 64;
    for (let i = 0; i < limit; i += step) {
      res.write(bytes.subarray(i, Math.min(i + step, limit)));
      await tick();
    }
    if (options.cutAfterBytes !== undefined) res.socket?.destroy();
    else res.end();
  };
}
