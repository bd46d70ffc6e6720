import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_KEY, hang, json, startServer, type Reply, type VendorServer } from '@warden/test-servers';
import { createHttpTransport } from '../src/transport.js';

// `send`: the transport's GET and byte-body path (images, audio, job polling), on the same
// attempt loop as postJson — retries, Retry-After, timeouts, breaker, typed errors.
let server: VendorServer;
beforeEach(async () => {
  server = await startServer();
});
afterEach(() => server.close());

const bytes = (status: number, body: Uint8Array, type = 'application/octet-stream'): Reply => (_req, res) => {
  res.writeHead(status, { 'content-type': type, 'x-request-id': 'req-bytes' });
  res.end(Buffer.from(body));
};

describe('transport.send', () => {
  it('GETs and POSTs bytes, exactly, both ways', async () => {
    const audio = new Uint8Array([0x52, 0x49, 0x46, 0x46, 0, 0xff, 0x80, 0x0a]);
    server.reply(bytes(200, audio, 'audio/wav'));
    const transport = createHttpTransport({ provider: 'media', sleep: async () => undefined });
    const got = await transport.send({ url: `${server.url}/v1/file?x=1`, method: 'GET', headers: { authorization: `Bearer ${FAKE_KEY}` } });
    expect(got).toMatchObject({ status: 200, contentType: 'audio/wav', requestId: 'req-bytes', attempts: 1 });
    expect([...got.bytes]).toEqual([...audio]);
    expect(server.requests[0]).toMatchObject({ method: 'GET', url: '/v1/file?x=1' });
    await transport.send({ url: `${server.url}/v1/upload`, headers: { 'content-type': 'audio/wav' }, body: audio });
    expect(server.requests[1]!.method).toBe('POST');
    expect(server.requests[1]!.headers['content-type']).toBe('audio/wav');
    expect(server.requests[1]!.headers['content-length']).toBe(String(audio.length));
  });

  it('retries a 503 like postJson, then answers', async () => {
    server.reply(json(503, { error: { message: 'busy' } }), bytes(200, new Uint8Array([1, 2, 3])));
    const transport = createHttpTransport({ provider: 'media', sleep: async () => undefined });
    const got = await transport.send({ url: `${server.url}/x`, method: 'GET', headers: {} });
    expect(got.attempts).toBe(2);
  });

  it('an HTML error page is a typed error with the status, not the page; the key never appears', async () => {
    server.reply((_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end(`<!DOCTYPE html><html><body>Not Found ${FAKE_KEY}</body></html>`);
    });
    const transport = createHttpTransport({ provider: 'media' });
    const error = await transport.send({ url: `${server.url}/x`, method: 'GET', headers: { authorization: `Bearer ${FAKE_KEY}` } }).then(
      () => undefined,
      (e: unknown) => e as Error & { code: string; status: number },
    );
    expect(error).toMatchObject({ code: 'provider.bad_request', status: 404 });
    expect(error?.message).not.toMatch(/DOCTYPE|html/i);
    expect(JSON.stringify(error)).not.toContain(FAKE_KEY);
  });

  it('refuses an answer over maxBytes without retrying, and times out like any attempt', async () => {
    server.reply(bytes(200, new Uint8Array(5000)));
    const transport = createHttpTransport({ provider: 'media', timeoutMs: 100, retry: { maxRetries: 0 } });
    await expect(transport.send({ url: `${server.url}/x`, method: 'GET', headers: {}, maxBytes: 1000 })).rejects.toMatchObject({ code: 'provider.bad_response' });
    server.reply(hang());
    await expect(transport.send({ url: `${server.url}/x`, method: 'GET', headers: {} })).rejects.toMatchObject({ code: 'provider.timeout' });
  });
});
