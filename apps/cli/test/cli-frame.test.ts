import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };
const empty = (): string => mkdtempSync(path.join(tmpdir(), 'warden-frame-'));

describe('warden (the binary)', () => {
  it('prints its version', async () => {
    const result = await runCli(['--version']);
    expect(result).toMatchObject({ code: 0, stdout: `${pkg.version}\n`, stderr: '' });
  });

  it.each([
    ['en', 'Usage: warden', 'Commands:'],
    ['es', 'Uso: warden', 'Comandos:'],
    ['hi', 'उपयोग: warden', 'कमांड:'],
    ['fr', 'Utilisation : warden', 'Commandes :'],
  ])('shows help in %s', async (lang, usage, commands) => {
    const byFlag = await runCli(['--help', '--lang', lang], { cwd: empty() });
    expect(byFlag.code).toBe(0);
    expect(byFlag.stdout).toContain(usage);
    expect(byFlag.stdout).toContain(commands);
    expect(byFlag.stdout).not.toContain('\u001b[');
    const byEnv = await runCli(['sessions', '--help'], { cwd: empty(), env: { LANG: `${lang}_XX.UTF-8` } });
    expect(byEnv.code).toBe(0);
    expect(byEnv.stdout).toContain(usage);
    expect(byEnv.stdout).toContain('warden sessions');
  });

  it('names an unknown flag, suggests the right one and exits 2', async () => {
    const result = await runCli(['run', '--promt', 'x'], { cwd: empty() });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain('--promt');
    expect(result.stderr).toContain('--prompt');
  });

  it.each([
    ['abc', '--max-turns takes a number, such as 20'],
    ['1.5', '--max-turns takes a whole number, such as 20'],
    ['0', '--max-turns must be more than 0'],
  ])('says in plain words what a number option takes: --max-turns %s', async (value, words) => {
    const result = await runCli(['run', 'x', '--max-turns', value], { cwd: empty() });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain(words);
    expect(result.stderr).toContain('cli.invalid_value');
    expect(result.stderr).not.toContain('NaN');
  });

  it('says it in the chosen language too', async () => {
    const result = await runCli(['run', 'x', '--max-turns', 'abc'], { cwd: empty(), env: { WARDEN_LANG: 'fr' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--max-turns attend un nombre, par exemple 20');
  });

  it('suggests a command for a misspelt one, in the chosen language', async () => {
    const result = await runCli(['sesions'], { cwd: empty(), env: { WARDEN_LANG: 'es' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('comando desconocido "sesions"');
    expect(result.stderr).toContain('warden sessions');
  });

  it('refuses a config file with an unknown key, naming the key', async () => {
    const dir = empty();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ modle: 'x' }));
    const result = await runCli(['sessions'], { cwd: dir });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('"modle"');
    expect(result.stderr).toContain('config.unknown_key');
  });

  it('shows a stack only with --debug', async () => {
    const plain = await runCli(['--lang', 'xx'], { cwd: empty() });
    expect(plain.code).toBe(2);
    expect(plain.stderr).not.toContain('    at ');
    const debug = await runCli(['--lang', 'xx', '--debug'], { cwd: empty() });
    expect(debug.stderr).toContain('    at ');
  });
});
