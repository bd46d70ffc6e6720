import { writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** A loopback port with nothing listening on it (taken, then released). */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('warden doctor: a local provider must have a server listening', () => {
  it('ollama with nothing listening fails, saying to start `ollama serve`', async () => {
    const dir = tempWorkspace();
    const port = await closedPort();
    const env = { WARDEN_PROVIDER: 'ollama', OLLAMA_BASE_URL: `http://127.0.0.1:${port}/v1` };
    const result = await runCli(['doctor', '--workdir', dir], { cwd: dir, env });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(`✖ a server listening at http://127.0.0.1:${port}`);
    expect(result.stdout).toContain('ECONNREFUSED');
    expect(result.stdout).toContain('start `ollama serve`');
  });

  it('any endpoint on loopback (--base-url) is checked the same way, with the generic fix', async () => {
    const dir = tempWorkspace();
    const port = await closedPort();
    const result = await runCli(['doctor', '--workdir', dir, '--base-url', `http://localhost:${port}/v1`, '--model', 'm'], { cwd: dir });
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('start the model server that should answer at');
    expect(result.stdout).not.toContain('ollama serve');
  });

  it('must-allow: a listening local server passes, and no request is sent to it without --ping', async () => {
    server = await startFakeOpenAI([{ text: 'p' }]);
    const dir = tempWorkspace();
    const result = await runCli(['doctor', '--workdir', dir], { cwd: dir, env: { WARDEN_PROVIDER: 'ollama', OLLAMA_BASE_URL: server.url } });
    expect(result.stdout).toContain(`✔ a server listening at ${new URL(server.url).origin}`);
    expect(result.code).toBe(0);
    expect(server.requests).toHaveLength(0);
  });
});

describe('warden providers reads warden.config.json', () => {
  it('--ping uses the config\'s provider, model and base URL; the table shows the config\'s model', async () => {
    server = await startFakeOpenAI([{ text: 'p' }], { text: 'p' });
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ provider: 'openai-compatible', model: 'config-model', baseUrl: server.url }));
    const named = await runCli(['providers', 'openai-compatible', '--ping'], { cwd: dir });
    expect(named.stderr).toBe('');
    expect(named.code).toBe(0);
    expect(named.stdout).toContain('config-model');
    expect(server.requests[0]).toMatchObject({ model: 'config-model' });

    const bare = await runCli(['providers', '--ping'], { cwd: dir });
    expect(bare.code).toBe(0);
    expect(server.requests).toHaveLength(2);

    const table = await runCli(['providers', 'openai-compatible'], { cwd: dir });
    expect(table.stdout).toMatch(/openai-compatible.*config-model/);
    expect(table.stdout).toContain(`warden.config.json: model config-model, base URL ${server.url}`);

    // A flag still wins over the config.
    const flagged = await runCli(['providers', 'openai-compatible', '--ping', '--model', 'flag-model'], { cwd: dir });
    expect(flagged.code).toBe(0);
    expect(server.requests.at(-1)).toMatchObject({ model: 'flag-model' });
  });

  it('the config\'s model is not lent to another provider', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ provider: 'ollama', model: 'config-model' }));
    const table = await runCli(['providers', 'openai', '--json'], { cwd: dir });
    expect(table.stdout).not.toContain('config-model');
  });
});
