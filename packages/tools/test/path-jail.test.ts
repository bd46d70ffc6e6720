import { mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@warden/protocol';
import { createPathJail, createWorkspaceTools, type PathJail } from '../src/index.js';
import { byName, runTool, tempDir, toolFailure, writeTree } from './helpers/workspace.js';

const temp = tempDir('warden-jail-');
const P = temp.dir;
const R = path.join(P, 'ws');
let jail: PathJail;
let tools: ReturnType<typeof createWorkspaceTools>['tools'];

function snapshotOutside(): string {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const full = path.join(dir, e.name);
      if (e.isDirectory()) return [`${full}/`, ...walk(full)];
      return [`${full}=${e.isFile() ? readFileSync(full, 'utf8') : 'link'}`];
    });
  return [...walk(path.join(P, 'outside')), ...walk(path.join(P, 'ws-evil'))].join('\n');
}

beforeAll(() => {
  writeTree(P, {
    'outside/secret.txt': 'OUTSIDE-SECRET',
    'ws-evil/file.txt': 'EVIL-SIBLING',
    'ws/real.txt': 'real content',
    'ws/.env': 'API_KEY=x',
    'ws/.env.local': 'API_KEY=y',
    'ws/.git/config': '[core]',
    'ws/.warden/state': 's',
    'ws/sub/.env': 'K=v',
    'ws/sub/.git/HEAD': 'ref',
    'ws/sub/keep.txt': 'keep',
    'ws/dir/placeholder.txt': 'p',
    // Legitimate tricky names.
    'ws/a..b.txt': 'dots',
    'ws/..foo/bar.txt': 'dotdot-prefixed dir',
    'ws/.eslintrc': 'lint',
    'ws/.envrc': 'direnv',
    'ws/.environment': 'not protected',
    'ws/.gitignore': 'dist/',
    'ws/.github/workflows/ci.yml': 'ci',
    'ws/nested/.config/.hidden': 'hidden',
    'ws/name with spaces.txt': 'spaces',
    'ws/ünïcødé/日本語.txt': 'unicode',
    'ws/...': 'three dots',
    'ws/a%2e%2e': 'percent name',
    'ws/100%25.txt': 'percent sign',
    'ws/%2e%2e/inside.txt': 'percent dir',
    'ws/x%2fy%5cz.txt': 'encoded separators',
    'ws/n%00.txt': 'encoded nul',
    'ws/\u2026': 'ellipsis',
  });
  const link = (target: string, at: string) => symlinkSync(target, path.join(R, at));
  link('../outside/secret.txt', 'link-out-file');
  link('../outside', 'link-out-dir');
  link('/etc/passwd', 'link-abs');
  link('chain2', 'chain1');
  link('../outside/secret.txt', 'chain2');
  link('../outside/does-not-exist', 'dangling-out');
  link('/tmp/warden-does-not-exist-0f9a/x', 'dangling-abs');
  link('../ws-evil', 'link-sibling');
  link('..', 'link-root-parent');
  link('../../outside', 'dir/inner-up');
  link('loop2', 'loop1');
  link('loop1', 'loop2');
  link('.env', 'link-to-env');
  link('.git', 'link-to-git');
  link('real.txt', 'link-inside');
  link('nested', 'dir-link');
  link('.', 'link-self');
  link('dir-link/.config/.hidden', 'chain-inside');
  mkdirSync(path.join(R, 'empty-dir'));
  jail = createPathJail({ root: R });
  tools = createWorkspaceTools({ root: R }).tools;
});

afterAll(() => temp.cleanup());

const OUT = 'tool.path_outside_workspace';
const PROT = 'tool.path_protected';
const INV = 'tool.path_invalid';

const attacks: Array<[string, () => string, string]> = [
  ['parent traversal', () => '../outside/secret.txt', OUT],
  ['deep traversal', () => '../../../../../../etc/passwd', OUT],
  ['traversal after a name', () => 'a/../../outside/secret.txt', OUT],
  ['dot then traversal', () => './../outside', OUT],
  ['traversal from a real dir', () => 'sub/../../outside/secret.txt', OUT],
  ['bare ..', () => '..', OUT],
  ['absolute system path', () => '/etc/passwd', OUT],
  ['absolute path outside', () => `${P}/outside/secret.txt`, OUT],
  ['sibling with the root as string prefix (absolute)', () => `${R}-evil/file.txt`, OUT],
  ['sibling with the root as string prefix (relative)', () => '../ws-evil/file.txt', OUT],
  ['absolute root then traversal', () => `${R}/../outside/secret.txt`, OUT],
  ['absolute root then sibling', () => `${R}/../ws-evil/file.txt`, OUT],
  ['file symlink out', () => 'link-out-file', OUT],
  ['directory symlink out, file below', () => 'link-out-dir/secret.txt', OUT],
  ['directory symlink out itself', () => 'link-out-dir', OUT],
  ['absolute symlink to /etc/passwd', () => 'link-abs', OUT],
  ['symlink chain out', () => 'chain1', OUT],
  ['dangling symlink out (relative)', () => 'dangling-out', OUT],
  ['dangling symlink out (absolute)', () => 'dangling-abs', OUT],
  ['new file below a dangling link', () => 'dangling-out/new.txt', OUT],
  ['new file below a directory link out', () => 'link-out-dir/new-dir/new.txt', OUT],
  ['symlink to a prefix sibling', () => 'link-sibling/file.txt', OUT],
  ['symlink to the parent', () => 'link-root-parent/outside/secret.txt', OUT],
  ['nested symlink climbing out', () => 'dir/inner-up/secret.txt', OUT],
  ['/proc root trick', () => '/proc/self/root/etc/passwd', OUT],
  ['home directory', () => '~/.ssh/id_rsa', OUT],
  ['another user home', () => '~root/.bashrc', OUT],
  ['Windows traversal', () => '..\\outside\\secret.txt', OUT],
  ['Windows traversal after a name', () => 'sub\\..\\..\\outside\\secret.txt', OUT],
  ['Windows drive path', () => 'C:\\Windows\\System32\\config', OUT],
  ['Windows drive, forward slashes', () => 'c:/secret.txt', OUT],
  ['UNC path', () => '\\\\server\\share\\secret.txt', OUT],
  ['mixed separators', () => 'sub/..\\..\\outside/secret.txt', OUT],
  ['symlink loop', () => 'loop1', INV],
  ['.env', () => '.env', PROT],
  ['.env.local', () => '.env.local', PROT],
  ['nested .env', () => 'sub/.env', PROT],
  ['.git directory', () => '.git', PROT],
  ['.git file', () => '.git/config', PROT],
  ['nested .git', () => 'sub/.git/HEAD', PROT],
  ['.warden', () => '.warden/state', PROT],
  ['.env spelled ./', () => './.env', PROT],
  ['.env through a detour', () => 'sub/../.env', PROT],
  ['.env upper case', () => '.ENV', PROT],
  ['.git mixed case', () => '.Git/config', PROT],
  ['absolute path to .git inside', () => `${R}/.git/config`, PROT],
  ['Windows separators to .env', () => 'sub\\.env', PROT],
  ['symlink to .env', () => 'link-to-env', PROT],
  ['symlink to .git, file below', () => 'link-to-git/config', PROT],
  ['symlink to the root, then .env', () => 'link-self/.env', PROT],
  ['encoded-looking name after a real traversal', () => '../%2e%2e/outside', OUT],
  ['look-alike dots (one-dot leaders)', () => '\u2024\u2024/outside/secret.txt', INV],
  ['look-alike dots (full-width)', () => '\uff0e\uff0e/outside/secret.txt', INV],
  ['look-alike .env (full-width dot)', () => '\uff0eenv', PROT],
  ['.env with a trailing dot', () => '.env.', PROT],
  ['.env with a trailing space', () => '.env ', PROT],
  ['.env as an NTFS data stream', () => '.env::$DATA', PROT],
  ['.git as an NTFS index stream', () => '.git::$INDEX_ALLOCATION/config', PROT],
  ['file:// URL', () => 'file:///etc/passwd', INV],
  ['NUL byte', () => 'real.txt\u0000.png', INV],
  ['newline', () => 'real.txt\n../../etc/passwd', INV],
  ['empty', () => '', INV],
  ['blank', () => '   ', INV],
  ['over-long path', () => 'a/'.repeat(2100), INV],
  ['over-long name', () => `dir/${'n'.repeat(300)}`, INV],
];

const legitimate: Array<[string, string, string]> = [
  ['a..b.txt', 'a..b.txt', 'dots'],
  ['..foo/bar.txt', '..foo/bar.txt', 'dotdot-prefixed dir'],
  ['.eslintrc', '.eslintrc', 'lint'],
  ['.envrc', '.envrc', 'direnv'],
  ['.environment', '.environment', 'not protected'],
  ['.gitignore', '.gitignore', 'dist/'],
  ['.github/workflows/ci.yml', '.github/workflows/ci.yml', 'ci'],
  ['nested/.config/.hidden', 'nested/.config/.hidden', 'hidden'],
  ['name with spaces.txt', 'name with spaces.txt', 'spaces'],
  ['ünïcødé/日本語.txt', 'ünïcødé/日本語.txt', 'unicode'],
  ['...', '...', 'three dots'],
  ['./real.txt', 'real.txt', 'real content'],
  ['sub/../real.txt', 'real.txt', 'real content'],
  ['absolute inside', `${R}/real.txt`, 'real content'],
  ['file symlink inside', 'link-inside', 'real content'],
  ['directory symlink inside', 'dir-link/.config/.hidden', 'hidden'],
  ['symlink to the root', 'link-self/real.txt', 'real content'],
  ['symlink chain inside', 'chain-inside', 'hidden'],
  ['Windows separators inside', 'nested\\.config\\.hidden', 'hidden'],
  ['a name with %2e%2e', 'a%2e%2e', 'percent name'],
  ['a name with %25', '100%25.txt', 'percent sign'],
  ['a directory named %2e%2e', '%2e%2e/inside.txt', 'percent dir'],
  ['a name with %2f and %5c', 'x%2fy%5cz.txt', 'encoded separators'],
  ['a name with %00', 'n%00.txt', 'encoded nul'],
  ['the ellipsis character is a name', '\u2026', 'ellipsis'],
];

describe('path jail: attacks', () => {
  it('has at least 40 escape attempts', () => {
    expect(attacks.length).toBeGreaterThanOrEqual(40);
  });

  it.each(attacks)('refuses %s (resolve)', (_label, input, code) => {
    let caught: unknown;
    try {
      jail.resolve(input());
    } catch (error) {
      caught = error;
    }
    expect(ToolError.isInstance(caught)).toBe(true);
    expect((caught as ToolError).code).toBe(code);
  });

  it.each(attacks)('refuses %s (read_file and write_file)', async (_label, input, code) => {
    const before = snapshotOutside();
    const read = await toolFailure(byName(tools, 'read_file'), { path: input() });
    const write = await toolFailure(byName(tools, 'write_file'), { path: input(), content: 'PWNED' });
    expect(read.code).toBe(code);
    expect(write.code).toBe(code);
    expect(read.message).not.toContain('OUTSIDE-SECRET');
    expect(snapshotOutside()).toBe(before);
  });

  it('never lists or greps its way outside', async () => {
    const listed = await runTool(byName(tools, 'list_files'), { path: '.', depth: 10 });
    expect(listed.text).not.toMatch(/secret\.txt|file\.txt/);
    expect(listed.text).toContain('link-out-dir@');
    expect(listed.text).not.toMatch(/(^|\n)(\.env(\.local)?|\.git\/|\.warden\/|sub\/\.env|sub\/\.git\/)(\n|$)/);
    expect(listed.text).toContain('.envrc');
    const grep = await runTool(byName(tools, 'grep'), { pattern: 'OUTSIDE-SECRET|EVIL-SIBLING|API_KEY|^ref$|\\[core\\]' });
    expect(grep.text).toMatch(/^\[no matches/);
  });
});

describe('path jail: legitimate tricky paths', () => {
  it.each(legitimate)('reads %s', async (_label, input, content) => {
    const result = await runTool(byName(tools, 'read_file'), { path: input });
    expect(result.text).toBe(content);
  });

  it.each(legitimate)('writes %s and reads it back', async (_label, input) => {
    const write = byName(tools, 'write_file');
    const read = byName(tools, 'read_file');
    const original = (await runTool(read, { path: input })).text;
    await runTool(write, { path: input, content: 'rewritten' });
    expect((await runTool(read, { path: input })).text).toBe('rewritten');
    await runTool(write, { path: input, content: original });
  });

  it('resolves the root itself and keeps file symlinks as links when writing through them', async () => {
    expect(jail.resolve('.')).toMatchObject({ relative: '.', exists: true, real: R });
    expect(jail.resolve('link-inside')).toMatchObject({ relative: 'real.txt' });
    expect(jail.resolve('new/dir/file.txt')).toMatchObject({ relative: 'new/dir/file.txt', exists: false });
  });

  it('compares segments, not string prefixes', () => {
    expect(jail.contains(R)).toBe(true);
    expect(jail.contains(`${R}/x`)).toBe(true);
    expect(jail.contains(`${R}-evil`)).toBe(false);
    expect(jail.contains(`${R}evil/x`)).toBe(false);
    expect(jail.contains(P)).toBe(false);
  });

  it('applies configured protected globs, at any depth or from the root', () => {
    const custom = createPathJail({ root: R, protectedPaths: ['secrets', 'config/*.key', '*.pem'] });
    for (const p of ['secrets/a.txt', 'sub/secrets', 'config/prod.key', 'deep/cert.pem']) {
      expect(() => custom.resolve(p)).toThrow(expect.objectContaining({ code: PROT }));
    }
    expect(custom.resolve('config/readme.md').relative).toBe('config/readme.md');
    expect(custom.resolve('sub/config/prod.key').relative).toBe('sub/config/prod.key');
  });

  it('accepts a root given through a symlink, and absolute paths spelled either way', () => {
    symlinkSync(R, path.join(P, 'ws-link'));
    const viaLink = createPathJail({ root: path.join(P, 'ws-link') });
    expect(viaLink.root).toBe(R);
    expect(viaLink.resolve(`${P}/ws-link/real.txt`).relative).toBe('real.txt');
    expect(viaLink.resolve(`${R}/real.txt`).relative).toBe('real.txt');
    expect(() => viaLink.resolve(`${P}/ws-link/../outside/secret.txt`)).toThrow(expect.objectContaining({ code: OUT }));
    expect(() => viaLink.resolve(`${P}/ws-link-evil/x`)).toThrow(expect.objectContaining({ code: OUT }));
  });

  it('refuses a root that does not exist with a ConfigError', () => {
    expect(() => createPathJail({ root: path.join(P, 'missing') })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
    writeFileSync(path.join(P, 'plain-file'), 'x');
    expect(() => createPathJail({ root: path.join(P, 'plain-file') })).toThrow(expect.objectContaining({ code: 'config.invalid' }));
  });
});
