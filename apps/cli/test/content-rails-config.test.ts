import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const events = (stdout: string) => stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; [k: string]: unknown });

describe('content rails from warden.config.json, over real HTTP', () => {
  it('an answer with a secret is sent back, the judge is asked for JSON on the clean one, and the check is a warning event', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'warden-rails-'));
    writeFileSync(path.join(cwd, 'warden.config.json'), JSON.stringify({ guardrails: { output: ['noSecrets', { judge: 'safety', onError: 'block' }] } }));
    const token = `ghp_${'A1b2C3d4E5'.repeat(3)}abcdef`;
    server = await startFakeOpenAI([{ text: `Use ${token} to push.` }, { text: 'Ask your admin for a token.' }, { text: JSON.stringify({ pass: true, severity: 'none', reason: 'safe' }) }]);
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', '--json', ...args, 'How do I push?'], { cwd, env });
    expect(run.code).toBe(0);
    const ran = events(run.stdout);
    expect(ran.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
    expect(ran.find((e) => e.type === 'warning' && e.code === 'guardrail.content')?.message).toMatch(/^output rails retry: noSecrets/);
    expect(server.requests).toHaveLength(3);
    expect(server.requests[2]).toMatchObject({ response_format: { type: 'json_schema' } });
    expect(run.stdout).not.toContain(token);
  });

  it('a misspelt rail is a config error naming it', async () => {
    const cwd = mkdtempSync(path.join(tmpdir(), 'warden-rails-'));
    writeFileSync(path.join(cwd, 'warden.config.json'), JSON.stringify({ guardrails: { output: ['noSecret'] } }));
    const run = await runCli(['run', '--provider', 'openai', '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', 'hi'], { cwd, env: { OPENAI_API_KEY: 'sk-test-not-a-real-key-000000' } });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('did you mean "noSecrets"?');
  });
});
