import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('warden speaks the libraries in the chosen language', () => {
  it('shows a gate denial in Spanish (WARDEN_LANG=es), with the path it names', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: '.env', content: 'KEY=1' } }] }, { text: 'hecho' }]);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'write the env file', '--workdir', tempWorkspace(), '--yes', ...args], { env: { ...env, WARDEN_LANG: 'es' } });
    const output = result.stdout + result.stderr;
    expect(output).toContain('write_file: path nombra una ruta protegida (.env)');
    expect(output).toContain('[path.protected]');
    expect(output).not.toContain('names a protected path');
  });

  it('shows a provider refusal in French (--lang fr), by its code', async () => {
    server = await startFakeOpenAI([], { text: 'never' }, () => ({ status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } }));
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'say hi', '--workdir', tempWorkspace(), '--lang', 'fr', ...args], { env });
    const output = result.stdout + result.stderr;
    expect(result.code).not.toBe(0);
    expect(output).toContain('a refusé les identifiants');
    expect(output).toContain('provider.auth');
  });

  it('says why the run became tainted in French (WARDEN_LANG=fr), naming the file it read', async () => {
    const workdir = tempWorkspace();
    writeFileSync(path.join(workdir, 'notes.md'), 'hello\n');
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'read_file', args: { path: 'notes.md' } }] }, { text: 'lu' }]);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'read notes.md', '--workdir', workdir, '--yes', ...args], { env: { ...env, WARDEN_LANG: 'fr' } });
    const output = result.stdout + result.stderr;
    expect(output).toContain("read_file a lu notes.md, que cette exécution n'a pas écrit");
    expect(output).toContain('tool:read_file');
    expect(output).not.toContain('that this run did not write');
  });

  it('says in Spanish that no check case matched (an evidence error, by its code)', async () => {
    const result = await runCli(['check', 'no-such-case-anywhere', '--lang', 'es'], { cwd: tempWorkspace() });
    const output = result.stdout + result.stderr;
    expect(result.code).not.toBe(0);
    expect(output).toContain('ningún caso de comprobación coincide con la selección');
    expect(output).toContain('[evidence.nothing_selected]');
    expect(output).toContain('revisa el paquete, el caso o el objetivo que nombra');
  });

  it('keeps English for English', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: '.env', content: 'KEY=1' } }] }, { text: 'done' }]);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'write the env file', '--workdir', tempWorkspace(), '--yes', '--lang', 'en', ...args], { env });
    expect(result.stdout + result.stderr).toContain('names a protected path (.env)');
  });
});
