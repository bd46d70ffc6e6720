import { linkSync, readFileSync, realpathSync, statSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '@warden/protocol';
import { createPathJail, createWorkspaceTools, type PathJail } from '../src/index.js';
import { byName, runTool, tempDir, toolFailure, writeTree } from './helpers/workspace.js';

const temp = tempDir('warden-kernel-');
const P = temp.dir;
const R = path.join(P, 'ws');
let jail: PathJail;
let tools: ReturnType<typeof createWorkspaceTools>['tools'];

beforeAll(() => {
  writeTree(P, {
    'outside/secret.txt': 'OUTSIDE-SECRET',
    'outside/hl-source.txt': 'OUTSIDE-HARDLINKED',
    'ws/real.txt': 'real content',
    'ws/file.txt': 'the file a lexical ".." would reach',
    'ws/x/file.txt': 'the file cat reaches',
    'ws/x/target/t.txt': 'in target',
    'ws/a/b/c.txt': 'abc',
    'ws/a/sib.txt': 'a sibling',
    'ws/d1/placeholder': '',
    // A decoy inside with the same relative name as the outside file.
    'ws/outside/secret.txt': 'inside decoy',
    'ws/inside-a.txt': 'two names inside',
  });
  const link = (target: string, at: string) => symlinkSync(target, path.join(R, at));
  link('x/target', 'link-to-target');
  link('../x/target', 'd1/d2');
  link(path.join(R, 'x/target'), 'abs-link');
  link('link-to-target', 'chain');
  link('a/b', 'deep-link');
  link('.', 'top-link');
  link('..', 'x/target/up');
  link('x/file.txt', 'file-link');
  linkSync(path.join(P, 'outside/hl-source.txt'), path.join(R, 'hl.txt'));
  linkSync(path.join(R, 'inside-a.txt'), path.join(R, 'inside-b.txt'));
  jail = createPathJail({ root: R });
  tools = createWorkspaceTools({ root: R }).tools;
});

afterAll(() => temp.cleanup());

/**
 * What the kernel makes of a path below the root: its real path, or the errno of the lookup. Not
 * `path.join` nor the JavaScript `realpathSync`: both collapse `..` as strings first, which is
 * the very mistake under test; `realpathSync.native` is libc's, walking the path as `open` does.
 */
function kernel(input: string): { real?: string; errno?: string } {
  try {
    return { real: realpathSync.native(`${R}/${input}`) };
  } catch (error) {
    return { errno: (error as NodeJS.ErrnoException).code };
  }
}

function refusal(input: string): string {
  try {
    jail.resolve(input);
    return 'none';
  } catch (error) {
    expect(ToolError.isInstance(error)).toBe(true);
    return (error as ToolError).code;
  }
}

const inside = (real: string) => real === R || real.startsWith(`${R}/`);

describe('path jail: ".." after a symlink goes where the kernel goes', () => {
  const layouts: Array<[string, 'inside' | 'outside' | 'ENOTDIR']> = [
    ['link-to-target/../file.txt', 'inside'],
    ['link-to-target/../target/t.txt', 'inside'],
    ['link-to-target/./../file.txt', 'inside'],
    ['link-to-target/up/file.txt', 'inside'],
    ['link-to-target/../../real.txt', 'inside'],
    ['link-to-target/../../../ws/real.txt', 'inside'],
    ['d1/d2/../file.txt', 'inside'],
    ['abs-link/../file.txt', 'inside'],
    ['chain/../file.txt', 'inside'],
    ['deep-link/../sib.txt', 'inside'],
    ['deep-link/../../real.txt', 'inside'],
    ['a/b/../../link-to-target/../file.txt', 'inside'],
    ['../ws/real.txt', 'inside'],
    ['top-link/../outside/secret.txt', 'outside'],
    ['top-link/top-link/../ws/real.txt', 'inside'],
    ['file-link/../real.txt', 'ENOTDIR'],
  ];

  it('covers every kind of layout the kernel resolves', () => {
    expect(layouts.length).toBeGreaterThanOrEqual(15);
  });

  it.each(layouts)('%s: same place as realpath (%s)', async (input, expected) => {
    const truth = kernel(input);
    if (expected === 'ENOTDIR') {
      expect(truth.errno).toBe('ENOTDIR');
      expect(refusal(input)).toBe('tool.not_a_file');
      return;
    }
    expect(truth.real).toBeDefined();
    const real = truth.real as string;
    expect(inside(real) ? 'inside' : 'outside').toBe(expected);
    if (!inside(real)) {
      expect(refusal(input)).toBe('tool.path_outside_workspace');
      expect((await toolFailure(byName(tools, 'read_file'), { path: input })).code).toBe('tool.path_outside_workspace');
      return;
    }
    expect(jail.resolve(input).real).toBe(real);
    // The content read_file shows is the content cat would show.
    expect((await runTool(byName(tools, 'read_file'), { path: input })).text).toBe(readFileSync(`${R}/${input}`, 'utf8'));
  });

  it('differs from string arithmetic where it must', () => {
    // Lexically `link-to-target/../file.txt` is ws/file.txt; the kernel reaches ws/x/file.txt.
    expect(jail.resolve('link-to-target/../file.txt').relative).toBe('x/file.txt');
    expect(path.resolve(R, 'link-to-target/../file.txt')).toBe(path.join(R, 'file.txt'));
    // Lexically `deep-link/../../real.txt` climbs out; the kernel stays inside.
    expect(jail.resolve('deep-link/../../real.txt').relative).toBe('real.txt');
  });

  it('writes through a symlinked directory and ".." where cat would read', async () => {
    await runTool(byName(tools, 'write_file'), { path: 'link-to-target/../written.txt', content: 'w' });
    expect(readFileSync(path.join(R, 'x/written.txt'), 'utf8')).toBe('w');
  });

  it('takes a missing name followed by ".." literally, and never looks outside to do it', () => {
    expect(jail.resolve('new-dir/../real.txt')).toMatchObject({ relative: 'real.txt', exists: true });
    expect(jail.resolve('new-dir/deeper/../file.new')).toMatchObject({ relative: 'new-dir/file.new', exists: false });
    expect(refusal('new-dir/../../outside/secret.txt')).toBe('tool.path_outside_workspace');
    expect(refusal('/proc/self/root/etc/passwd')).toBe('tool.path_outside_workspace');
  });
});

describe('path jail: names another platform folds into a protected name or a traversal', () => {
  const protectedSpellings = [
    '.env.',
    '.env..',
    '.env ',
    '.env. . ',
    '.ENV::$DATA',
    '.env:stream',
    '.env.local::$DATA',
    '.git::$INDEX_ALLOCATION/config',
    '.git./config',
    '.git /HEAD',
    'GIT~1/config',
    'git~2',
    'WARDEN~1/state',
    'ENV~1.LOC',
    '\uff0eenv',
    '\ufe52git/config',
    '\uff0e\uff45\uff4e\uff56',
    '.e\u200bnv',
    '.\u200dgit/config',
    '.warden\u00a0',
    'sub/.Env.',
  ];
  it.each(protectedSpellings)('refuses %j as protected', async (input) => {
    expect(refusal(input)).toBe('tool.path_protected');
    expect((await toolFailure(byName(tools, 'write_file'), { path: input, content: 'x' })).code).toBe('tool.path_protected');
  });

  const traversals = ['\u2024\u2024/outside/secret.txt', '\u2025/x', '\uff0e\uff0e/x', '\ufe52\ufe52/x', '.\ufe52/x', '..\u00a0/x', '. /x', 'a/\uff0e/b', 'x\uff0f..\uff0f..'];
  it.each(traversals)('refuses the look-alike traversal %j as invalid', (input) => {
    expect(refusal(input)).toBe('tool.path_invalid');
  });

  const ordinary = ['.envrc', '.environment', '.env-example', 'my.env.example', '.gitignore', '.gitkeep', '.github', 'git~backup', 'environment.', 'notes ', '\u2026', 'cafe\u0301.txt', '\u540d\u524d.txt'];
  it.each(ordinary)('still writes and reads the ordinary name %j', async (input) => {
    await runTool(byName(tools, 'write_file'), { path: input, content: `content of ${input}` });
    expect((await runTool(byName(tools, 'read_file'), { path: input })).text).toBe(`content of ${input}`);
  });

  it('folds configured protected names the same way', () => {
    const custom = createPathJail({ root: R, protectedPaths: ['secrets.json', 'config/*.key'] });
    for (const input of ['secrets.json.', 'SECRETS.JSON ', 'secrets.json::$DATA', 'config./prod.key.', 'config/prod.key::$DATA']) {
      expect(() => custom.resolve(input)).toThrow(expect.objectContaining({ code: 'tool.path_protected' }));
    }
    expect(custom.resolve('secrets.json.bak').relative).toBe('secrets.json.bak');
  });
});

describe('path jail: hard links', () => {
  it('refuses to read a file with several links, since another may be outside', async () => {
    expect(statSync(path.join(R, 'hl.txt')).nlink).toBe(2);
    const read = await toolFailure(byName(tools, 'read_file'), { path: 'hl.txt' });
    expect(read.code).toBe('tool.path_hardlinked');
    expect(read.message).not.toContain('OUTSIDE-HARDLINKED');
    expect((await toolFailure(byName(tools, 'edit_file'), { path: 'hl.txt', oldText: 'OUTSIDE', newText: 'x' })).code).toBe('tool.path_hardlinked');
    // Two names that are both inside cannot be told apart from one inside and one outside.
    expect((await toolFailure(byName(tools, 'read_file'), { path: 'inside-b.txt' })).code).toBe('tool.path_hardlinked');
  });

  it('grep skips such files and says so; list_files still lists them', async () => {
    const grep = await runTool(byName(tools, 'grep'), { pattern: 'OUTSIDE-HARDLINKED|two names' });
    expect(grep.text).toMatch(/^\[no matches/);
    expect(grep.text).toMatch(/skipped 3 file\(s\) with several hard links/);
    expect((await runTool(byName(tools, 'list_files'), { depth: 1 })).text).toMatch(/(^|\n)hl\.txt(\n|$)/);
  });

  it('reads them when allowHardLinks is set', async () => {
    const allowed = createWorkspaceTools({ root: R, allowHardLinks: true }).tools;
    expect((await runTool(byName(allowed, 'read_file'), { path: 'inside-b.txt' })).text).toBe('two names inside');
  });

  it('a write replaces the directory entry: the other link keeps its content', async () => {
    const outside = path.join(P, 'outside/hl-source.txt');
    await runTool(byName(tools, 'write_file'), { path: 'hl.txt', content: 'new inside content' });
    expect(readFileSync(outside, 'utf8')).toBe('OUTSIDE-HARDLINKED');
    expect(statSync(outside).nlink).toBe(1);
    expect(statSync(path.join(R, 'hl.txt')).nlink).toBe(1);
    expect((await runTool(byName(tools, 'read_file'), { path: 'hl.txt' })).text).toBe('new inside content');
  });
});
