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

describe('messages in one language, in a person\'s words', () => {
  it.each([
    ['es', 'no es un directorio'],
    ['fr', "n'est pas un dossier"],
    ['hi', 'कोई फ़ोल्डर नहीं है'],
  ])('--workdir that is no directory, in %s: no English inside the translated line', async (lang, words) => {
    const result = await runCli(['run', 'x', '--workdir', '/no/such/dir', '--lang', lang]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(words);
    expect(result.stderr).not.toContain('is not a directory');
  });

  it('a duration flag that is no duration says so in the run\'s language', async () => {
    const fr = await runCli(['run', 'x', '--idle-timeout', '5x', '--lang', 'fr']);
    expect(fr.code).toBe(2);
    expect(fr.stderr).toContain('--idle-timeout attend une durée');
    expect(fr.stderr).not.toMatch(/use a duration|such as/);
    const en = await runCli(['report', '--since', 'soon']);
    expect(en.code).toBe(2);
    expect(en.stderr).toContain('--since takes a duration, such as 7d, 24h, 30m');
  });

  it('--resume with no session: named as such (not "invalid value for --resume"), in Spanish too', async () => {
    const dir = tempWorkspace();
    const en = await runCli(['run', '--resume', '--workdir', dir, '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm']);
    expect(en.stderr).toContain('there is no session to resume in');
    expect(en.stderr).not.toContain('invalid value');
    const es = await runCli(['run', '--resume', '--workdir', dir, '--base-url', 'http://127.0.0.1:9/v1', '--model', 'm', '--lang', 'es']);
    expect(es.stderr).toContain('no hay ninguna sesión que reanudar');
  });

  it('an unknown session\'s hint names the warden command, not a library call', async () => {
    const result = await runCli(['sessions', 'show', 'zzz', '--workdir', tempWorkspace()]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('session.not_found');
    expect(result.stderr).toContain('warden sessions lists the sessions you can see');
    expect(result.stderr).not.toMatch(/\w\(\)/);
  });
});

describe('guardrails and blocked tools', () => {
  const forbidden = [{ toolCalls: [{ name: 'list_files', args: {} }] }, { text: 'finished anyway' }];

  it('onViolation "fail" with a forbidden tool ends non-zero, never "✔ done"; the block message has one full stop', async () => {
    server = await startFakeOpenAI(forbidden, { text: 'ok' });
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ guardrails: { forbidTools: ['list_files'], onViolation: 'fail' } }));
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'list the files', '--yes', ...args], { cwd: dir, env });
    expect(result.code).toBe(1);
    expect(result.stdout).not.toContain('✔ done');
    expect(result.stdout).toContain('✖ failed: Guardrails failed: guardrail.forbid_tool');
    expect(result.stdout).toContain('policy.guardrail_violation');
    expect(result.stdout).toContain('is not allowed in this run. The call was not run.');
    expect(`${result.stdout}${JSON.stringify(server.requests)}`).not.toContain('..');
  });

  it('must-allow: "warn" keeps going and ends done; "fail" with no forbidden call ends done', async () => {
    server = await startFakeOpenAI(forbidden, { text: 'ok' });
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ guardrails: { forbidTools: ['list_files'], onViolation: 'warn' } }));
    const { args, env } = fakeProvider(server.url);
    const warned = await runCli(['run', 'list the files', '--yes', ...args], { cwd: dir, env });
    expect(warned.code).toBe(0);
    const clean = tempWorkspace();
    writeFileSync(path.join(clean, 'warden.config.json'), JSON.stringify({ guardrails: { forbidTools: ['shell'], onViolation: 'fail' } }));
    const ok = await runCli(['run', 'say hi', '--yes', ...args], { cwd: clean, env });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('✔ done');
  });

  it('a reason typed without a full stop gets one; one typed with it does not get two (denied by policy)', async () => {
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'a.txt', content: 'a' } }] }, { text: 'ok' }]);
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(server.url);
    await runCli(['run', 'write a.txt', '--mode', 'read-only', ...args], { cwd: dir, env });
    const sent = JSON.stringify(server.requests.at(-1));
    expect(sent).toContain('The call was not run.');
    expect(sent).not.toMatch(/\.\. The call was not run/);
  });
});

describe('warden:containment holds cases, and the commands say so', () => {
  const target = new URL('./__fixtures__/probe-target.json', import.meta.url).pathname;

  it('probe run --probes pack:warden:containment names warden check instead of "match no probe"', async () => {
    const result = await runCli(['probe', 'run', target, '--probes', 'pack:warden:containment', '--out', tempWorkspace()]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('cli.pack_has_no_probes');
    expect(result.stderr).toContain('holds cases');
    expect(result.stderr).toContain('warden check pack:warden:containment');
    expect(result.stderr).not.toContain('match no probe');
  });

  it('must-allow: warden check list pack:warden:containment lists its cases', async () => {
    const listed = await runCli(['check', 'list', 'pack:warden:containment']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('containment:none');
  });
});

describe('--help: a shared option carries its own command\'s words only', () => {
  /** The help text of one option: its line and the wrapped lines under it. */
  function optionHelp(help: string, flag: string): string {
    const lines = help.split('\n');
    const at = lines.findIndex((line) => new RegExp(`^\\s+(-\\w, )?${flag}\\b`).test(line));
    expect(at).toBeGreaterThanOrEqual(0);
    let end = at + 1;
    while (end < lines.length && /^\s{6,}\S/.test(lines[end]!) && !/^\s+(-\w, )?--/.test(lines[end]!)) end++;
    return lines.slice(at, end).join(' ');
  }

  it.each([
    ['check', '--env', ['mcp add', 'KEY=VALUE']],
    ['evidence', '--env', ['mcp add']],
    ['mcp', '--env', ['warden check', 'environment to check']],
    ['dash', '--port', ['probe serve']],
    ['probe', '--port', ['dash:', '8787']],
    ['dash', '--public-url', ['a2a serve']],
    ['a2a', '--public-url', ['dashboard']],
    ['probe', '--max-concurrent', ['mcp serve', 'a2a serve']],
    ['probe', '--max-body', ['mcp serve', 'a2a serve']],
  ])('warden %s --help: %s says nothing of %j', async (command, flag, others) => {
    const help = await runCli([command, '--help'], { env: { COLUMNS: '200' } });
    expect(help.code).toBe(0);
    const text = optionHelp(help.stdout, flag);
    for (const other of others) expect(text).not.toContain(other);
  });
});
