import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userMessage } from '@warden/protocol';
import { azureResource, bedrockRuntime } from '@warden/test-servers';
import { describeProviders, resolveProvider, type Env } from '../src/selection.js';
import { weatherSpec } from './helpers/agent-tools.js';
import { AWS_CREDENTIALS, converseBody } from './helpers/bedrock-bodies.js';
import { fixtureJson, json, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const { transport } = testTransport();
const dir = mkdtempSync(path.join(tmpdir(), 'warden-creds-'));

describe('Azure OpenAI: an Entra ID token from AZURE_OPENAI_AD_TOKEN', () => {
  const env = (extra: Record<string, string> = {}): Record<string, string | undefined> => ({
    WARDEN_PROVIDER: 'azure-openai',
    AZURE_OPENAI_ENDPOINT: server.url,
    AZURE_OPENAI_API_VERSION: '2024-10-21',
    AZURE_OPENAI_MODEL: 'gpt4o-prod',
    AZURE_OPENAI_AD_TOKEN: 'eyJ0eXAi.entra-token-one',
    ...extra,
  });

  it('is sent as a bearer token (never with an api-key), read again for every attempt', async () => {
    const vars = env({ WARDEN_API_KEY: 'shared-key-not-for-azure' });
    const answer = json(200, fixtureJson('openai/chat-tool-call.json'));
    // The first attempt is throttled; the process renews the token before the retry.
    server.reply(
      (req, res) => {
        vars.AZURE_OPENAI_AD_TOKEN = 'eyJ0eXAi.entra-token-two';
        return json(429, { error: { code: '429', message: 'Rate limit' } }, { 'retry-after': '0' })(req, res);
      },
      azureResource({ deployment: 'gpt4o-prod', apiVersion: '2024-10-21', bearer: 'eyJ0eXAi.entra-token-two' }, answer),
    );
    const before = server.requests.length;
    const response = await resolveProvider({ env: vars, transport }).complete({ messages: [userMessage('hi')], tools: weatherSpec });
    expect(response.provider).toBe('azure-openai');
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.headers.authorization)).toEqual(['Bearer eyJ0eXAi.entra-token-one', 'Bearer eyJ0eXAi.entra-token-two']);
    expect(sent.every((r) => r.headers['api-key'] === undefined)).toBe(true);
    expect(describeProviders(vars).find((d) => d.id === 'azure-openai')).toMatchObject({ configured: true, keyFrom: 'AZURE_OPENAI_AD_TOKEN' });
  });

  it('refuses AZURE_OPENAI_API_KEY and AZURE_OPENAI_AD_TOKEN together, naming both and neither value', () => {
    const both = env({ AZURE_OPENAI_API_KEY: 'azure-key-DONOTLEAK' });
    expect(() => resolveProvider({ env: both })).toThrow(/only one of AZURE_OPENAI_API_KEY and AZURE_OPENAI_AD_TOKEN/);
    try {
      resolveProvider({ env: both });
    } catch (error) {
      expect(JSON.stringify({ m: (error as Error).message, h: (error as { hint?: string }).hint })).not.toMatch(/DONOTLEAK|entra-token/);
    }
  });
});

describe('Bedrock: credentials from AWS profile files', () => {
  const PROFILE_CREDS = { accessKeyId: 'AKIAPROFILEKEY000001', secretAccessKey: 'pRoFiLeSeCrEt/DONOTLEAK+abcdef0123456789', sessionToken: 'IQoJb3JpZ2luX2VjEPROFILESESSIONTOKEN' };
  const home = path.join(dir, 'home');
  const awsDir = path.join(home, '.aws');

  beforeAll(() => {
    mkdirSync(awsDir, { recursive: true });
    writeFileSync(
      path.join(awsDir, 'credentials'),
      `# written by aws configure\n[default]\naws_access_key_id = AKIADEFAULTKEY000001\naws_secret_access_key = default-secret\n\n[dev]\naws_access_key_id = ${PROFILE_CREDS.accessKeyId}\naws_secret_access_key = ${PROFILE_CREDS.secretAccessKey}\naws_session_token = ${PROFILE_CREDS.sessionToken}\n`,
    );
    writeFileSync(path.join(awsDir, 'config'), '[default]\nregion = us-east-1\n\n[profile dev]\nregion = eu-central-1\ns3 =\n  max_concurrent_requests = 4\n\n[profile sso]\nsso_session = corp\nregion = eu-west-1\n');
  });

  const base = { WARDEN_PROVIDER: 'bedrock', BEDROCK_MODEL: 'anthropic.claude-sonnet-4-20250514-v1:0', BEDROCK_BASE_URL: '' };

  it('AWS_PROFILE picks the profile (keys, session token, region) over the key variables; the fake re-signs', async () => {
    server.reply(bedrockRuntime(() => server, { credentials: PROFILE_CREDS, region: 'eu-central-1' }, json(200, converseBody([{ text: 'pong' }], 'end_turn'))));
    const env: Env = { ...base, BEDROCK_BASE_URL: server.url, HOME: home, AWS_PROFILE: 'dev', AWS_ACCESS_KEY_ID: AWS_CREDENTIALS.accessKeyId, AWS_SECRET_ACCESS_KEY: AWS_CREDENTIALS.secretAccessKey };
    const response = await resolveProvider({ env, transport }).complete({ messages: [userMessage('ping')] });
    expect(response).toMatchObject({ provider: 'bedrock', finishReason: 'stop' });
    expect(describeProviders(env).find((d) => d.id === 'bedrock')).toMatchObject({ configured: true, keyFrom: 'AWS_PROFILE' });
  });

  it('AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE name the files; keys rotated on disk are used by the next call', async () => {
    const credentialsFile = path.join(dir, 'other-credentials');
    const configFile = path.join(dir, 'other-config');
    const rotated = { accessKeyId: 'AKIAROTATEDKEY000002', secretAccessKey: 'rotated-secret-0123456789', sessionToken: 'ROTATEDSESSION' };
    writeFileSync(credentialsFile, `[ci]\naws_access_key_id=${PROFILE_CREDS.accessKeyId}\naws_secret_access_key=${PROFILE_CREDS.secretAccessKey}\naws_session_token=${PROFILE_CREDS.sessionToken}\n`);
    writeFileSync(configFile, '[profile ci]\nregion = ap-south-1\n');
    const env: Env = { ...base, BEDROCK_BASE_URL: server.url, AWS_PROFILE: 'ci', AWS_SHARED_CREDENTIALS_FILE: credentialsFile, AWS_CONFIG_FILE: configFile };
    const provider = resolveProvider({ env, transport });
    server.reply(bedrockRuntime(() => server, { credentials: PROFILE_CREDS, region: 'ap-south-1' }, json(200, converseBody([{ text: 'one' }], 'end_turn'))));
    await provider.complete({ messages: [userMessage('ping')] });
    writeFileSync(credentialsFile, `[ci]\naws_access_key_id=${rotated.accessKeyId}\naws_secret_access_key=${rotated.secretAccessKey}\naws_session_token=${rotated.sessionToken}\n`);
    server.reply(bedrockRuntime(() => server, { credentials: rotated, region: 'ap-south-1' }, json(200, converseBody([{ text: 'two' }], 'end_turn'))));
    const second = await provider.complete({ messages: [userMessage('ping')] });
    expect(second.message.parts).toEqual([{ type: 'text', text: 'two' }]);
  });

  it('without AWS_PROFILE the default profile is used when no key variables are set', () => {
    const described = describeProviders({ ...base, HOME: home }).find((d) => d.id === 'bedrock');
    expect(described).toMatchObject({ configured: true, keyFrom: 'AWS_PROFILE' });
  });

  it('an SSO profile or a missing one says why, never a secret', () => {
    for (const [profile, reason] of [['sso', 'uses sso_session'], ['nope', 'profile "nope" is not in']] as const) {
      try {
        resolveProvider({ env: { ...base, HOME: home, AWS_PROFILE: profile } });
        expect.unreachable();
      } catch (error) {
        const e = error as Error & { code?: string; hint?: string };
        expect(e.code).toBe('provider.not_configured');
        expect(e.message).toContain(reason);
        expect(`${e.message} ${e.hint}`).not.toMatch(/DONOTLEAK|default-secret/);
      }
    }
  });
});

