import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { createAgent } from '@warden/core';
import { vertexGemini } from '../src/index.js';
import { collect, finishOf, weatherSpec, weatherTool } from './helpers/agent-tools.js';
import { fixture, json, sse, startServer, testTransport, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const TOKEN = 'ya29.FAKEGOOGLETOKEN-a0AfB_byDONOTLEAK';
const PATH = '/v1/projects/my-proj/locations/europe-west4/publishers/google/models/gemini-2.5-flash';

/** A fake Vertex AI endpoint: the publisher-model path and a bearer token, else 404 / 401 as Google answers. */
function vertex(next: Reply): Reply {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://vertex.test');
    const fail = (status: number, message: string, state: string): void => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: status, message, status: state } }));
    };
    if (!url.pathname.startsWith(PATH + ':')) return fail(404, `Publisher model ${url.pathname} not found.`, 'NOT_FOUND');
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return fail(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    if (req.headers['x-goog-api-key'] !== undefined) return fail(400, 'API keys are not supported by this API.', 'INVALID_ARGUMENT');
    return next(req, res);
  };
}

const ANSWER = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1 } };
const final = `data: ${JSON.stringify({ candidates: [{ content: { role: 'model', parts: [{ text: 'Sunny in Zürich.' }] }, finishReason: 'STOP' }], usageMetadata: { promptTokenCount: 40, candidatesTokenCount: 5 } })}\n\n`;

function provider(token: () => string | Promise<string> = () => TOKEN, extra = {}) {
  return vertexGemini({ project: 'my-proj', location: 'europe-west4', model: 'gemini-2.5-flash', baseURL: server.url, token, ...testTransport(), ...extra });
}

describe('Vertex AI (Gemini)', () => {
  it('streams from the publisher model URL with a bearer token fetched for every attempt', async () => {
    let fetched = 0;
    server.reply(json(429, { error: { code: 429, message: 'Resource exhausted.', status: 'RESOURCE_EXHAUSTED' } }, { 'retry-after': '1' }), vertex(sse(fixture('gemini/stream-function-call.sse'), { chunkBytes: 9 })));
    const parts = await collect(provider(() => (fetched += 1, TOKEN)).stream({ messages: [userMessage('weather?')], tools: weatherSpec }));
    expect(fetched).toBe(2);
    expect(server.requests.at(-1)?.url).toBe(`${PATH}:streamGenerateContent?alt=sse`);
    expect(finishOf(parts)).toMatchObject({
      provider: 'vertex',
      finishReason: 'tool_calls',
      message: { parts: expect.arrayContaining([expect.objectContaining({ type: 'tool_call', name: 'get_weather', args: { city: 'Zürich' }, meta: { thoughtSignature: 'CiQB_STREAM_SIGNATURE_xyz' } })]) },
    });
  });

  it('keeps the @ of a versioned model id literal in the URL, and encodes what would break the path', async () => {
    server.reply(json(200, ANSWER));
    await provider(() => TOKEN, { model: 'gemini-1.0-pro@001' }).complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.url).toBe('/v1/projects/my-proj/locations/europe-west4/publishers/google/models/gemini-1.0-pro@001:generateContent');
    server.reply(json(200, ANSWER));
    await provider(() => TOKEN, { model: 'a/b?c' }).complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.url).toBe('/v1/projects/my-proj/locations/europe-west4/publishers/google/models/a%2Fb%3Fc:generateContent');
  });

  it('runs the agent loop end to end; the thought signature goes back', async () => {
    const tool = weatherTool();
    server.reply(vertex(sse(fixture('gemini/stream-function-call.sse'))), vertex(sse(final)));
    const result = await createAgent({ provider: provider(), tools: [tool] }).run('Weather in Zürich?');
    expect(result).toMatchObject({ stopReason: 'done', output: 'Sunny in Zürich.', steps: 2 });
    expect(tool.calls).toEqual([{ city: 'Zürich' }]);
    expect(JSON.stringify(server.requests.at(-1)?.body)).toContain('CiQB_STREAM_SIGNATURE_xyz');
  });

  it('a failing token function is provider.auth; a rejected token is an AuthError without the token', async () => {
    await expect(provider(() => Promise.reject(new Error('invalid_grant: account not found'))).complete({ messages: [userMessage('x')] })).rejects.toMatchObject({ code: 'provider.auth', retryable: false });
    server.reply(vertex(json(200, {})));
    const error = await provider(() => 'ya29.a-stale-token-FAKE-0000000000').complete({ messages: [userMessage('x')] }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'provider.auth', status: 401 });
    expect(String((error as Error).message)).not.toContain('stale-token');
  });

  it('validates project, location and token when built', () => {
    const base = { model: 'gemini-2.5-flash', token: () => TOKEN };
    expect(() => vertexGemini({ ...base, project: '', location: 'us-central1' })).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(() => vertexGemini({ ...base, project: 'p', location: 'Mars/1' })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => vertexGemini({ model: 'gemini-2.5-flash', project: 'p', location: 'global' } as never)).toThrow(expect.objectContaining({ code: 'provider.not_configured' }));
    expect(vertexGemini({ ...base, project: 'p', location: 'global' }).id).toBe('vertex');
  });
});
