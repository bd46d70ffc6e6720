import { createVerify, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '@warden/core';
import { userMessage } from '@warden/protocol';
import { describeProviders, resolveProvider } from '../src/selection.js';
import { serviceAccountToken, vertexAnthropic } from '../src/index.js';
import { collect, finishOf, weatherSpec, weatherTool } from './helpers/agent-tools.js';
import { fixture, json, sse, startServer, testTransport, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
let google: VendorServer;
beforeAll(async () => {
  [server, google] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  await Promise.all([server.close(), google.close()]);
});

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const EMAIL = 'warden-test@my-proj.iam.gserviceaccount.com';
const keyFor = (tokenUri: string) => ({
  type: 'service_account',
  project_id: 'my-proj',
  private_key_id: 'kid-0001',
  private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  client_email: EMAIL,
  token_uri: tokenUri,
});

/**
 * A fake Google token endpoint: it verifies the JWT-bearer assertion's RS256 signature with the
 * service account's public key and its claims, then issues `ya29.token-N` valid for an hour.
 */
function tokenEndpoint(issued: Array<{ iat: number; exp: number; scope: string }>): Reply {
  return (req, res) => {
    const form = new URLSearchParams(String(google.requests.at(-1)?.text ?? ''));
    const assertion = form.get('assertion') ?? '';
    const [header, claims, signature] = assertion.split('.');
    const valid =
      form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' &&
      req.headers['content-type'] === 'application/x-www-form-urlencoded' &&
      createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(publicKey, Buffer.from(signature ?? '', 'base64url'));
    const head = valid ? (JSON.parse(Buffer.from(header!, 'base64url').toString()) as { alg: string; kid: string }) : undefined;
    const body = valid ? (JSON.parse(Buffer.from(claims!, 'base64url').toString()) as { iss: string; aud: string; iat: number; exp: number; scope: string }) : undefined;
    if (!head || !body || head.alg !== 'RS256' || head.kid !== 'kid-0001' || body.iss !== EMAIL || body.aud !== `${google.url}/token` || body.exp - body.iat !== 3600) {
      return json(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' })(req, res);
    }
    issued.push({ iat: body.iat, exp: body.exp, scope: body.scope });
    return json(200, { access_token: `ya29.token-${issued.length}`, expires_in: 3599, token_type: 'Bearer' })(req, res);
  };
}

describe('Vertex access tokens from a service-account key', () => {
  it('signs the assertion (RS256), exchanges it, caches the token and refreshes it five minutes before expiry', async () => {
    const issued: Array<{ iat: number; exp: number; scope: string }> = [];
    google.reply(tokenEndpoint(issued));
    let clock = Date.UTC(2026, 0, 1, 12, 0, 0);
    const token = serviceAccountToken(keyFor(`${google.url}/token`), { now: () => clock });
    const [a, b] = await Promise.all([token(), token()]);
    expect([a, b]).toEqual(['ya29.token-1', 'ya29.token-1']);
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ iat: clock / 1000, scope: 'https://www.googleapis.com/auth/cloud-platform' });
    clock += 54 * 60_000;
    expect(await token()).toBe('ya29.token-1');
    clock += 60_000 + 1;
    expect(await token()).toBe('ya29.token-2');
    expect(issued).toHaveLength(2);
  });

  it('a refused exchange is provider.auth, with Google\'s error code and no key material', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    google.reply(tokenEndpoint([]));
    const token = serviceAccountToken({ ...keyFor(`${google.url}/token`), private_key: other });
    server.reply(json(200, {}));
    const provider = vertexAnthropic({ project: 'my-proj', location: 'us-east5', model: 'claude-sonnet-4@20250514', baseURL: server.url, token, ...testTransport() });
    const error = (await provider.complete({ messages: [userMessage('hi')] }).then(
      () => new Error('no error'),
      (e: unknown) => e,
    )) as Error & { code?: string };
    expect(error.code).toBe('provider.auth');
    expect(error.message).toContain('invalid_grant');
    expect(error.message).not.toContain('PRIVATE KEY');
    expect(() => serviceAccountToken(keyFor('http://example.com/token'))).toThrow(/not https/);
  });
});

const TOKEN = 'ya29.FAKE-vertex-claude-DONOTLEAK';
const PATH = '/v1/projects/my-proj/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514';

/** A fake Vertex endpoint for Claude: the publisher path, a bearer token, and the Vertex body (anthropic_version, no model). */
function vertexClaude(next: Reply, token = TOKEN): Reply {
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://vertex.test');
    const body = server.requests.at(-1)?.body as Record<string, unknown>;
    if (!url.pathname.startsWith(`${PATH}:`)) return json(404, { error: { code: 404, status: 'NOT_FOUND', message: `${url.pathname} not found` } })(req, res);
    if (req.headers.authorization !== `Bearer ${token}`) return json(401, { error: { code: 401, status: 'UNAUTHENTICATED', message: 'bad token' } })(req, res);
    if (body.anthropic_version !== 'vertex-2023-10-16' || 'model' in body || req.headers['x-api-key'] !== undefined) {
      return json(400, { type: 'error', error: { type: 'invalid_request_error', message: 'bad body' } })(req, res);
    }
    return next(req, res);
  };
}

describe('Anthropic on Vertex AI (vertexAnthropic)', () => {
  const provider = () => vertexAnthropic({ project: 'my-proj', location: 'us-east5', model: 'claude-sonnet-4@20250514', baseURL: server.url, token: () => TOKEN, ...testTransport() });

  it('streams from :streamRawPredict with the Anthropic adapter (thinking and tool calls intact)', async () => {
    server.reply(vertexClaude(sse(fixture('anthropic/stream-thinking-tool.sse'), { chunkBytes: 13 })));
    const parts = await collect(provider().stream({ messages: [userMessage('weather?')], tools: weatherSpec }));
    expect(server.requests.at(-1)?.url).toBe(`${PATH}:streamRawPredict`);
    expect((server.requests.at(-1)?.body as { stream?: boolean }).stream).toBe(true);
    expect(finishOf(parts)).toMatchObject({ provider: 'vertex-anthropic', finishReason: 'tool_calls' });
  });

  it('runs the agent loop end to end through :rawPredict (thinking signature sent back); priced as Claude', async () => {
    const tool = weatherTool();
    server.reply(vertexClaude(json(200, JSON.parse(fixture('anthropic/message-thinking-tool.json')))), vertexClaude(json(200, JSON.parse(fixture('anthropic/message-final.json')))));
    const result = await createAgent({ provider: provider(), tools: [tool], streaming: false }).run('Weather in Paris?');
    expect(result.stopReason).toBe('done');
    expect(result.output).toContain('sunny in Paris');
    expect(server.requests.at(-1)?.url).toBe(`${PATH}:rawPredict`);
    const resent = JSON.stringify(server.requests.at(-1)?.body);
    expect(resent).toContain('"tool_use_id":"toolu_01A09q90qw90lq917835lq9"');
    expect(resent).toContain('"signature":"WaUjzkypQ2mUEVM36O2TxuC06KN8');
    const complete = await (async () => {
      server.reply(vertexClaude(json(200, JSON.parse(fixture('anthropic/message-final.json')))));
      return provider().complete({ messages: [userMessage('hi')] });
    })();
    expect(complete.costUsd).toBeGreaterThan(0);
  });

  it('is selectable by name, with a service-account key file from GOOGLE_APPLICATION_CREDENTIALS', async () => {
    const issued: Array<{ iat: number; exp: number; scope: string }> = [];
    google.reply(tokenEndpoint(issued));
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'warden-sa-')), 'key.json');
    writeFileSync(file, JSON.stringify(keyFor(`${google.url}/token`)));
    const env = { WARDEN_PROVIDER: 'vertex-anthropic', GOOGLE_APPLICATION_CREDENTIALS: file, GOOGLE_CLOUD_LOCATION: 'us-east5', VERTEX_ANTHROPIC_BASE_URL: server.url };
    expect(describeProviders(env).find((d) => d.id === 'vertex-anthropic')).toMatchObject({ configured: true, keyFrom: 'GOOGLE_APPLICATION_CREDENTIALS' });
    const resolved = resolveProvider({ env, transport: testTransport().transport });
    expect(resolved).toMatchObject({ id: 'vertex-anthropic', model: 'claude-sonnet-4@20250514' });
    server.reply(vertexClaude(json(200, JSON.parse(fixture('anthropic/message-final.json'))), 'ya29.token-1'));
    await resolved.complete({ messages: [userMessage('hi')] });
    await resolved.complete({ messages: [userMessage('again')] });
    expect(issued).toHaveLength(1);
    const text = JSON.stringify(describeProviders(env));
    expect(text).not.toContain('PRIVATE KEY');
  });
});
