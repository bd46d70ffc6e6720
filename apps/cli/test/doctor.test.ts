import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('warden doctor with local and compatible providers', () => {
  it('WARDEN_PROVIDER=ollama is understood (no "no cloud provider key" advice), and --ping asks the endpoint', async () => {
    const authorizations: Array<string | undefined> = [];
    server = await startFakeOpenAI([{ text: 'p' }], { text: 'p' }, (req) => {
      authorizations.push(req.headers.authorization);
      return undefined;
    });
    const dir = tempWorkspace();
    const env = { WARDEN_PROVIDER: 'ollama', OLLAMA_BASE_URL: server.url, OLLAMA_MODEL: 'qwen2.5-coder', OPENAI_API_KEY: 'sk-test-not-a-real-key-000000' };
    const plain = await runCli(['doctor', '--workdir', dir], { cwd: dir, env });
    expect(plain.stdout).toContain('✔ provider ollama (model qwen2.5-coder');
    expect(plain.stdout).not.toContain('no cloud provider key');
    expect(plain.stdout).not.toContain('WARDEN_PROVIDER=ollama');
    expect(server.requests).toHaveLength(0);

    const pinged = await runCli(['doctor', '--workdir', dir, '--ping'], { cwd: dir, env });
    expect(pinged.code).toBe(0);
    expect(pinged.stdout).toContain('✔ a one-token call to ollama (answered by qwen2.5-coder; no key was sent)');
    expect(server.requests).toHaveLength(1);
    // Ollama never receives a cloud key.
    expect(authorizations).toEqual([undefined]);
  });

  it('--base-url and --model check any OpenAI-compatible endpoint; a dead one fails the ping with the reason', async () => {
    server = await startFakeOpenAI([{ text: 'p' }]);
    const dir = tempWorkspace();
    const ok = await runCli(['doctor', '--workdir', dir, '--base-url', server.url, '--model', 'local-model', '--ping'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain(`✔ provider openai-compatible (model local-model, ${server.url}, no key (none is sent))`);
    expect(ok.stdout).toContain('answered by local-model; no key was sent');
    const dead = await runCli(['doctor', '--workdir', dir, '--base-url', 'http://127.0.0.1:1/v1', '--model', 'local-model', '--ping'], { cwd: dir });
    expect(dead.code).toBe(1);
    expect(dead.stdout).toMatch(/✖ a one-token call to openai-compatible \(provider\.\w+\)/);
    expect(dead.stdout).toContain('fix:');
  });

  it('--provider names a provider; one that cannot be built is a problem with its fix', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['doctor', '--workdir', dir, '--provider', 'anthropic'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('✖ provider anthropic');
    expect(result.stdout).toContain('ANTHROPIC_API_KEY');
  });

  it('nothing chosen: the fix names a key, --provider ollama, --base-url and warden demo', async () => {
    const dir = tempWorkspace();
    const bare = await runCli(['doctor', '--workdir', dir], { cwd: dir });
    expect(bare.code).toBe(1);
    expect(bare.stdout).toContain('no provider is chosen and no cloud provider key is set');
    expect(bare.stdout).toContain('--base-url URL --model NAME');
    expect(bare.stdout).toContain('warden demo');
  });
});

describe('warden providers NAME --ping', () => {
  it('does not say "the key works" when no key was sent', async () => {
    server = await startFakeOpenAI([{ text: 'p' }]);
    const result = await runCli(['providers', 'openai-compatible', '--ping', '--base-url', server.url, '--model', 'local-model']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('openai-compatible: the endpoint answers (local-model); no key was sent');
    expect(result.stdout).not.toContain('the key');
  });
});
