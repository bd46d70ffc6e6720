import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// Issue 47, "mixed languages in one message": a translated line never carries the library's
// English. Warnings are worded by their code (core's English follows on a line of its own), failed
// tool calls by their code, and the library's placeholder provider name is not shown as a name.

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('one language per line', () => {
  it('a core warning in Spanish is worded by its code', async () => {
    server = await startFakeOpenAI([
      { toolCalls: [{ name: 'list_files', args: {} }] },
      { text: 'Resumen.', toolCalls: [{ name: 'list_files', args: {} }] },
    ]);
    const { args, env } = fakeProvider(server.url);
    const r = await runCli(['run', 'mira los archivos', '--max-turns', '1', '--lang', 'es', '--workdir', tempWorkspace(), ...args], { env });
    const warning = r.stdout.split('\n').find((l) => l.includes('[core.wrap_up_tool_calls_dropped]'));
    expect(warning).toBe('aviso: el modelo pidió herramientas en su último paso, que no las admite; las llamadas se descartaron [core.wrap_up_tool_calls_dropped]');
    // English speakers keep core's own, more specific words.
    await server.close();
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'list_files', args: {} }] }, { text: 'Summary.', toolCalls: [{ name: 'list_files', args: {} }] }]);
    const en = fakeProvider(server.url);
    const english = await runCli(['run', 'look', '--max-turns', '1', '--lang', 'en', '--workdir', tempWorkspace(), ...en.args], { env: en.env });
    expect(english.stdout).toContain('warning: the model asked for tools in its wrap-up answer; those calls were dropped\n');
  });

  it('no provider selected: the Spanish message does not name a provider called "none"', async () => {
    const r = await runCli(['run', 'hola', '--lang', 'es', '--workdir', tempWorkspace()]);
    expect(r.stderr).toContain('[provider.not_configured]');
    expect(r.stderr).not.toMatch(/\bnone\b.*\[provider/);
  });
});
