import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lastConverseToolResult, lastToolResult, startFakeAzure, startFakeBedrock } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

const AZURE_KEY = 'azure-FAKEKEY-0123456789abcdef-DONOTLEAK';
const AWS = {
  accessKeyId: 'AKIAFAKEKEYID0000001',
  secretAccessKey: 'fAkEsEcReT/FAKEKEY/DONOTLEAK+0123456789ab',
  sessionToken: 'IQoJb3JpZ2luX2VjEFAKESESSIONTOKEN//////////wEaCXVzLWVhc3QtMSJHMEUCIQD',
};
const MODEL = 'anthropic.claude-sonnet-4-20250514-v1:0';
const awsEnv = (url: string): Record<string, string> => ({
  AWS_ACCESS_KEY_ID: AWS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey,
  AWS_SESSION_TOKEN: AWS.sessionToken,
  AWS_REGION: 'eu-central-1',
  BEDROCK_MODEL: MODEL,
  BEDROCK_BASE_URL: url,
});

describe('warden run on the cloud platforms (fake servers that check their auth)', () => {
  it('azure-openai: the deployment, api-version and api-key from the environment; tools run; exit 0', async () => {
    const server = await startFakeAzure({ deployment: 'gpt4o-prod', apiVersion: '2024-10-21', apiKey: AZURE_KEY }, [
      { toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'from azure\n' } }] },
      (messages) => ({ text: `Wrote it: ${lastToolResult(messages).slice(0, 30)}` }),
    ]);
    closers.push(server.close);
    const dir = tempWorkspace();
    const env = { AZURE_OPENAI_API_KEY: AZURE_KEY, AZURE_OPENAI_ENDPOINT: server.url, AZURE_OPENAI_API_VERSION: '2024-10-21', AZURE_OPENAI_MODEL: 'gpt4o-prod' };
    const result = await runCli(['run', 'write notes.txt', '--provider', 'azure-openai', '--workdir', dir, '--mode', 'yolo'], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('from azure\n');
    expect(result.stdout).toContain('write_file notes.txt · allowed');
    expect(result.stdout).toContain('✔ done · 2 steps');
    expect(server.requests).toHaveLength(2);
    expect(`${result.stdout}${result.stderr}`).not.toContain(AZURE_KEY);
  });

  it('azure-openai: a wrong api-version is refused by the resource and reported without the key', async () => {
    const server = await startFakeAzure({ deployment: 'gpt4o-prod', apiVersion: '2024-10-21', apiKey: AZURE_KEY }, [{ text: 'never' }]);
    closers.push(server.close);
    const dir = tempWorkspace();
    const env = { AZURE_OPENAI_API_KEY: AZURE_KEY, AZURE_OPENAI_ENDPOINT: server.url, AZURE_OPENAI_API_VERSION: '2025-04-01-preview', WARDEN_MODEL: 'gpt4o-prod' };
    const result = await runCli(['run', 'hi', '--provider', 'azure-openai', '--workdir', dir], { env });
    expect(result.code).not.toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(`${result.stdout}${result.stderr}`).not.toContain(AZURE_KEY);
  });

  it('bedrock: SigV4 from AWS_* (re-signed by the fake), ConverseStream event frames, tools; exit 0', async () => {
    const server = await startFakeBedrock({ credentials: AWS, region: 'eu-central-1', model: MODEL }, [
      { text: 'Writing.', toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'from bedrock\n' } }] },
      (messages) => ({ text: `Wrote it: ${lastConverseToolResult(messages).slice(0, 30)}` }),
    ]);
    closers.push(server.close);
    const dir = tempWorkspace();
    const result = await runCli(['run', 'write notes.txt', '--provider', 'bedrock', '--workdir', dir, '--mode', 'yolo'], { env: awsEnv(server.url) });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(readFileSync(path.join(dir, 'notes.txt'), 'utf8')).toBe('from bedrock\n');
    expect(result.stdout).toContain('✔ done · 2 steps');
    expect(server.requests).toHaveLength(2);
    expect(server.paths.every((p) => p.endsWith('/converse-stream'))).toBe(true);
    expect(lastConverseToolResult(server.requests[1]!.messages as Array<Record<string, unknown>>)).not.toBe('');
    const output = `${result.stdout}${result.stderr}`;
    for (const secret of [AWS.secretAccessKey, AWS.sessionToken]) expect(output).not.toContain(secret);
  });

  it('bedrock: a wrong secret fails the signature check; a missing variable is named before any call', async () => {
    const server = await startFakeBedrock({ credentials: AWS, region: 'eu-central-1', model: MODEL }, [{ text: 'never' }]);
    closers.push(server.close);
    const dir = tempWorkspace();
    const wrong = 'wRoNgSeCrEt/FAKEKEY/DONOTLEAK+000000000000';
    const forged = await runCli(['run', 'hi', '--provider', 'bedrock', '--workdir', dir], { env: { ...awsEnv(server.url), AWS_SECRET_ACCESS_KEY: wrong } });
    expect(forged.code).not.toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(server.paths.length).toBeGreaterThan(0);
    expect(`${forged.stdout}${forged.stderr}`).not.toContain(wrong);
    const { AWS_REGION: _region, ...noRegion } = awsEnv(server.url);
    const before = server.paths.length;
    const missing = await runCli(['run', 'hi', '--provider', 'bedrock', '--workdir', dir], { env: noRegion });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain('AWS_REGION');
    expect(missing.stderr).not.toContain(AWS.secretAccessKey);
    expect(server.paths.length).toBe(before);
  });
});

describe('warden providers and doctor on the cloud platforms', () => {
  it('lists each platform with what it still needs, never a value', async () => {
    const result = await runCli(['providers'], { env: { AWS_ACCESS_KEY_ID: AWS.accessKeyId, AWS_SECRET_ACCESS_KEY: AWS.secretAccessKey, AWS_REGION: 'us-east-1' } });
    expect(result.code).toBe(0);
    // The table fits the terminal and may cut the list; `warden providers NAME` prints it whole.
    expect(result.stdout).toMatch(/azure-openai\s+no\s+missing: AZURE_OPENAI_/);
    expect(result.stdout).toMatch(/bedrock\s+no\s+missing: BEDROCK_MODEL/);
    expect(result.stdout).toMatch(/vertex-gemini\s+no\s+missing: GOOGLE_CLOUD_/);
    expect(result.stdout).toMatch(/openai-responses\s+no\s+missing: OPENAI_API_KEY/);
    expect(result.stdout).not.toContain(AWS.secretAccessKey);
    const azure = await runCli(['providers', 'azure-openai'], { env: {} });
    expect(azure.stdout).toContain('missing: AZURE_OPENAI_API_KEY, AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_API_VERSION, AZURE_OPENAI_MODEL\n');
    expect(azure.stdout).toContain('reads: AZURE_OPENAI_API_KEY, WARDEN_API_KEY, AZURE_OPENAI_AD_TOKEN, AZURE_OPENAI_ENDPOINT, AZURE_OPENAI_RESOURCE, AZURE_OPENAI_API_VERSION, AZURE_OPENAI_MODEL');
    const json = await runCli(['providers', 'vertex-gemini', '--json'], { env: {} });
    expect(JSON.parse(json.stdout)).toMatchObject({ id: 'vertex-gemini', reads: expect.arrayContaining(['GOOGLE_OAUTH_ACCESS_TOKEN', 'GOOGLE_APPLICATION_CREDENTIALS']), defaultModel: 'gemini-2.5-flash' });
  });

  it('doctor: a configured platform passes; a half-configured one says what is missing', async () => {
    const dir = tempWorkspace();
    const ready = await runCli(['doctor', '--workdir', dir], { cwd: dir, env: { ...awsEnv('http://127.0.0.1:9'), GOOGLE_CLOUD_PROJECT: 'p', VERTEX_ACCESS_TOKEN: 'ya29.FAKE-token-DONOTLEAK' } });
    expect(ready.code).toBe(0);
    expect(ready.stdout).toContain('✔ provider bedrock (AWS_ACCESS_KEY_ID)');
    expect(ready.stdout).toContain('– provider vertex-gemini (missing: GOOGLE_CLOUD_LOCATION)');
    expect(ready.stdout).toContain('fix: set GOOGLE_CLOUD_LOCATION');
    expect(ready.stdout).not.toContain('DONOTLEAK');
  });
});
