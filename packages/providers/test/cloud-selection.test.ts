import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { azureResource, bedrockRuntime } from '@warden/test-servers';
import { describeProviders, inferProvider, resolveProvider, type Env } from '../src/selection.js';
import { AWS_CREDENTIALS, converseBody } from './helpers/bedrock-bodies.js';
import { responseObject, messageItem } from './helpers/responses-server.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type Reply, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const { transport } = testTransport();
const VERSION = '2024-10-21';
const VERTEX_TOKEN = 'ya29.FAKE-vertex-token-DONOTLEAK-0123456789';

const azureEnv = (): Env => ({ WARDEN_PROVIDER: 'azure-openai', AZURE_OPENAI_API_KEY: FAKE_KEY, AZURE_OPENAI_ENDPOINT: server.url, AZURE_OPENAI_API_VERSION: VERSION, AZURE_OPENAI_MODEL: 'gpt4o-prod' });
const bedrockEnv = (): Env => ({
  WARDEN_PROVIDER: 'bedrock',
  AWS_ACCESS_KEY_ID: AWS_CREDENTIALS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: AWS_CREDENTIALS.secretAccessKey,
  AWS_SESSION_TOKEN: AWS_CREDENTIALS.sessionToken,
  AWS_REGION: 'eu-central-1',
  BEDROCK_MODEL: 'anthropic.claude-sonnet-4-20250514-v1:0',
  BEDROCK_BASE_URL: server.url,
});
const vertexEnv = (): Env => ({ WARDEN_PROVIDER: 'vertex-gemini', GOOGLE_CLOUD_PROJECT: 'my-proj', GOOGLE_CLOUD_LOCATION: 'europe-west4', VERTEX_ACCESS_TOKEN: VERTEX_TOKEN, VERTEX_GEMINI_BASE_URL: server.url });
const responsesEnv = (): Env => ({ WARDEN_PROVIDER: 'openai-responses', OPENAI_API_KEY: FAKE_KEY, OPENAI_RESPONSES_BASE_URL: `${server.url}/v1` });

/** The error `resolveProvider` throws for `env`. */
function failure(env: Env): Error & { code?: string; hint?: string; provider?: string } {
  try {
    resolveProvider({ env, transport });
  } catch (error) {
    return error as Error & { code?: string };
  }
  throw new Error('resolveProvider did not throw');
}

describe('cloud platforms from the environment', () => {
  it('openai-responses: OPENAI_API_KEY, posts to /responses', async () => {
    server.reply(json(200, responseObject([messageItem('msg_1', 'pong')])));
    const provider = resolveProvider({ env: responsesEnv(), transport });
    expect(provider).toMatchObject({ id: 'openai-responses', model: 'gpt-4.1-mini' });
    const response = await provider.complete({ messages: [userMessage('ping')] });
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe('/v1/responses');
    expect(sent?.headers.authorization).toBe(`Bearer ${FAKE_KEY}`);
    expect(response.provider).toBe('openai-responses');
    expect(JSON.stringify(response.message)).toContain('pong');
    const error = failure({ WARDEN_PROVIDER: 'openai-responses' });
    expect(error).toMatchObject({ code: 'provider.not_configured', provider: 'openai-responses' });
    expect(error.message).toContain('OPENAI_API_KEY');
  });

  it('azure-openai: key, endpoint and api-version from the environment; the model is the deployment', async () => {
    server.reply(azureResource({ deployment: 'gpt4o-prod', apiVersion: VERSION, apiKey: FAKE_KEY }, json(200, fixtureJson('openai/chat-tool-call.json'))));
    const provider = resolveProvider({ env: azureEnv(), transport });
    const response = await provider.complete({ messages: [userMessage('hi')] });
    expect(server.requests.at(-1)?.url).toBe(`/openai/deployments/gpt4o-prod/chat/completions?api-version=${VERSION}`);
    expect(response).toMatchObject({ provider: 'azure-openai', model: 'gpt4o-prod' });
    // A resource name instead of an endpoint builds the Azure host.
    const { AZURE_OPENAI_ENDPOINT: _endpoint, ...withResource } = azureEnv();
    expect(resolveProvider({ env: { ...withResource, AZURE_OPENAI_RESOURCE: 'contoso' } })).toMatchObject({ id: 'azure-openai' });
  });

  it.each([
    ['AZURE_OPENAI_API_KEY', 'AZURE_OPENAI_API_KEY'],
    ['AZURE_OPENAI_ENDPOINT', 'AZURE_OPENAI_ENDPOINT (or AZURE_OPENAI_RESOURCE)'],
    ['AZURE_OPENAI_API_VERSION', 'AZURE_OPENAI_API_VERSION'],
    ['AZURE_OPENAI_MODEL', 'AZURE_OPENAI_MODEL'],
  ])('azure-openai without %s names it and no secret', (variable, named) => {
    const env: Record<string, string | undefined> = { ...azureEnv() };
    delete env[variable];
    const error = failure(env);
    expect(error).toMatchObject({ code: 'provider.not_configured', provider: 'azure-openai' });
    expect(error.message).toContain(named);
    expect(`${error.message} ${error.hint}`).not.toContain(FAKE_KEY);
  });

  it('bedrock: AWS credentials and region from the environment, SigV4-signed (the fake re-signs)', async () => {
    server.reply(bedrockRuntime(() => server, { credentials: AWS_CREDENTIALS, region: 'eu-central-1' }, json(200, converseBody([{ text: 'pong' }], 'end_turn'))));
    const provider = resolveProvider({ env: bedrockEnv(), transport });
    const response = await provider.complete({ messages: [userMessage('ping')] });
    expect(server.requests.at(-1)?.url).toBe(`/model/${encodeURIComponent('anthropic.claude-sonnet-4-20250514-v1:0')}/converse`);
    expect(response).toMatchObject({ provider: 'bedrock', finishReason: 'stop' });
    // The model id alone selects Bedrock (it is not an Ollama `name:tag`).
    const { WARDEN_PROVIDER: _p, BEDROCK_MODEL: model, ...rest } = bedrockEnv();
    expect(resolveProvider({ env: { ...rest, WARDEN_MODEL: model } })).toMatchObject({ id: 'bedrock', model });
  });

  it.each([
    ['AWS_ACCESS_KEY_ID', 'AWS_ACCESS_KEY_ID'],
    ['AWS_SECRET_ACCESS_KEY', 'AWS_SECRET_ACCESS_KEY'],
    ['AWS_REGION', 'AWS_REGION (or AWS_DEFAULT_REGION)'],
    ['BEDROCK_MODEL', 'BEDROCK_MODEL'],
  ])('bedrock without %s names it and no secret', (variable, named) => {
    const env: Record<string, string | undefined> = { ...bedrockEnv() };
    delete env[variable];
    const error = failure(env);
    expect(error).toMatchObject({ code: 'provider.not_configured', provider: 'bedrock' });
    expect(error.message).toContain(named);
    const text = `${error.message} ${error.hint}`;
    for (const secret of [AWS_CREDENTIALS.secretAccessKey, AWS_CREDENTIALS.sessionToken!]) expect(text).not.toContain(secret);
  });

  it('bedrock says profiles are not read when only AWS_PROFILE is set', () => {
    const error = failure({ WARDEN_PROVIDER: 'bedrock', AWS_PROFILE: 'dev', AWS_REGION: 'us-east-1', BEDROCK_MODEL: 'amazon.nova-pro-v1:0' });
    expect(error.hint).toContain('export-credentials');
  });

  it('vertex-gemini: project, location and an access token from the environment', async () => {
    const path = '/v1/projects/my-proj/locations/europe-west4/publishers/google/models/gemini-2.5-flash:streamGenerateContent';
    const vertex: Reply = (req, res) => {
      const url = new URL(req.url ?? '/', 'http://vertex.test');
      if (url.pathname !== path || req.headers.authorization !== `Bearer ${VERTEX_TOKEN}`) {
        res.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"code":401,"status":"UNAUTHENTICATED","message":"no"}}');
        return;
      }
      return sse(fixture('gemini/stream-function-call.sse'))(req, res);
    };
    server.reply(vertex);
    const provider = resolveProvider({ env: vertexEnv(), transport });
    expect(provider).toMatchObject({ id: 'vertex-gemini', model: 'gemini-2.5-flash' });
    const parts = [];
    for await (const event of provider.stream({ messages: [userMessage('weather?')] })) parts.push(event);
    expect(server.requests.at(-1)?.headers.authorization).toBe(`Bearer ${VERTEX_TOKEN}`);
    expect(parts.length).toBeGreaterThan(0);
    // GOOGLE_OAUTH_ACCESS_TOKEN also works, and WARDEN_MODEL=gemini-* is taken.
    const { VERTEX_ACCESS_TOKEN: _t, ...rest } = vertexEnv();
    expect(resolveProvider({ env: { ...rest, GOOGLE_OAUTH_ACCESS_TOKEN: VERTEX_TOKEN, WARDEN_MODEL: 'gemini-2.5-pro' } })).toMatchObject({ id: 'vertex-gemini', model: 'gemini-2.5-pro' });
  });

  it.each([
    ['GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_PROJECT'],
    ['GOOGLE_CLOUD_LOCATION', 'GOOGLE_CLOUD_LOCATION'],
    ['VERTEX_ACCESS_TOKEN', 'VERTEX_ACCESS_TOKEN (or GOOGLE_OAUTH_ACCESS_TOKEN, or GOOGLE_APPLICATION_CREDENTIALS)'],
  ])('vertex-gemini without %s names it and no secret', (variable, named) => {
    const env: Record<string, string | undefined> = { ...vertexEnv() };
    delete env[variable];
    const error = failure(env);
    expect(error).toMatchObject({ code: 'provider.not_configured', provider: 'vertex-gemini' });
    expect(error.message).toContain(named);
    expect(`${error.message} ${error.hint}`).not.toContain(VERTEX_TOKEN);
  });

  it('infers Bedrock model ids and ARNs without taking Ollama tags', () => {
    expect(['us.anthropic.claude-3-7-sonnet-20250219-v1:0', 'meta.llama3-3-70b-instruct-v1:0', 'arn:aws:bedrock:us-east-1:123:inference-profile/x', 'qwen3:8b', 'mistral-large-latest'].map(inferProvider)).toEqual([
      'bedrock',
      'bedrock',
      'bedrock',
      'ollama',
      'mistral',
    ]);
  });

  it('describeProviders lists what each platform reads and misses, never values', () => {
    const byId = (env: Env) => new Map(describeProviders(env).map((d) => [d.id, d]));
    const empty = byId({});
    expect(empty.get('azure-openai')).toMatchObject({ configured: false, missing: ['AZURE_OPENAI_API_KEY', 'AZURE_OPENAI_ENDPOINT', 'AZURE_OPENAI_API_VERSION', 'AZURE_OPENAI_MODEL'] });
    expect(empty.get('bedrock')).toMatchObject({ configured: false, missing: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_REGION', 'BEDROCK_MODEL'] });
    expect(empty.get('vertex-gemini')).toMatchObject({ configured: false, missing: ['GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION', 'VERTEX_ACCESS_TOKEN'] });
    expect(empty.get('openai-responses')).toMatchObject({ configured: false, missing: ['OPENAI_API_KEY'] });
    expect(empty.get('bedrock')?.reads).toEqual(expect.arrayContaining(['AWS_SESSION_TOKEN', 'AWS_DEFAULT_REGION', 'BEDROCK_MODEL']));
    const full = byId({ ...azureEnv(), ...bedrockEnv(), ...vertexEnv(), ...responsesEnv() });
    expect(full.get('azure-openai')).toMatchObject({ configured: true, missing: [], keyFrom: 'AZURE_OPENAI_API_KEY' });
    expect(full.get('bedrock')).toMatchObject({ configured: true, missing: [], keyFrom: 'AWS_ACCESS_KEY_ID' });
    expect(full.get('vertex-gemini')).toMatchObject({ configured: true, missing: [], keyFrom: 'VERTEX_ACCESS_TOKEN' });
    expect(full.get('openai-responses')).toMatchObject({ configured: true, keyFrom: 'OPENAI_API_KEY' });
    const text = JSON.stringify([...full.values()]);
    for (const secret of [FAKE_KEY, AWS_CREDENTIALS.secretAccessKey, VERTEX_TOKEN]) expect(text).not.toContain(secret);
  });
});
