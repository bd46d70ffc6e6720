import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeToolOutput } from '@warden/protocol';
import { createWorkspaceTools } from '../src/index.js';
import { byName, runTool, tempDir, toolContext, toolFailure, writeTree } from './helpers/workspace.js';

const temp = tempDir('warden-read-');
const R = temp.dir;
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8ffbf1e000504020170d4cd6f0000000049454e44ae426082', 'hex');
let tools: ReturnType<typeof createWorkspaceTools>['tools'];

beforeAll(() => {
  const many = Array.from({ length: 5000 }, (_, i) => `line ${i + 1} ${'x'.repeat(60)}`).join('\n');
  writeTree(R, {
    'small.txt': 'one\ntwo\nthree\n',
    'no-newline.txt': 'a\nb',
    'crlf.txt': 'first\r\nsecond\r\nthird\r\n',
    'large.txt': `${many}\n`,
    'one-huge-line.min.js': 'y'.repeat(400_000),
    'bin.dat': Buffer.from([0x00, 0x01, 0x02, 0xff, 0x10, 0x00]),
    'latin1.txt': Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0a]),
    'pixel.png': PNG,
    'empty.txt': '',
    'unicode/naïve café.md': 'crème brûlée\n',
    'src/index.ts': 'export const answer = 42;\n// TODO: more\n',
    'src/util/strings.ts': 'export function shout(s: string) {\n  return s.toUpperCase(); // TODO\n}\n',
    'src/util/strings.test.ts': 'shout("todo")\n',
    'src/generated/big.ts': '// TODO generated\n',
    'docs/readme.md': 'TODO: docs\n',
    '.gitignore': 'dist/\n*.log\nsrc/generated/\n!keep.log\n',
    'dist/bundle.js': 'TODO in dist\n',
    'debug.log': 'TODO in log\n',
    'keep.log': 'TODO kept\n',
    'pkg/.gitignore': 'local-only.txt\n',
    'pkg/local-only.txt': 'TODO ignored by nested gitignore\n',
    'pkg/shared.txt': 'TODO shared\n',
    'deep/a/b/c/d/e/leaf.txt': 'leaf TODO\n',
    '.env': 'TODO=secret-value',
  });
  mkdirSync(path.join(R, 'empty-dir'));
  execFileSync('mkfifo', [path.join(R, 'pipe')]);
  tools = createWorkspaceTools({ root: R, maxReadBytes: 16 * 1024, maxListEntries: 40, maxGrepMatches: 5 }).tools;
});

afterAll(() => temp.cleanup());

const read = (args: Record<string, unknown>) => runTool(byName(tools, 'read_file'), args);
const list = (args: Record<string, unknown>) => runTool(byName(tools, 'list_files'), args);
const grep = (args: Record<string, unknown>) => runTool(byName(tools, 'grep'), args);

describe('read_file', () => {
  it('returns a small file whole, with or without a final newline', async () => {
    expect((await read({ path: 'small.txt' })).text).toBe('one\ntwo\nthree');
    expect((await read({ path: 'no-newline.txt' })).text).toBe('a\nb');
  });

  it('returns line ranges and says where they sit', async () => {
    expect((await read({ path: 'small.txt', startLine: 2, endLine: 2 })).text).toBe('two\n[lines 2-2; more lines follow]');
    expect((await read({ path: 'small.txt', startLine: 2 })).text).toBe('two\nthree\n[lines 2-3 of 3]');
    expect((await read({ path: 'small.txt', startLine: 9 })).text).toBe('[small.txt has 3 lines; none from line 9]');
    expect((await read({ path: 'small.txt', startLine: 3, endLine: 2 })).isError).toBe(true);
  });

  it('caps a large file with a clear truncated marker and a place to continue', async () => {
    const first = await read({ path: 'large.txt' });
    expect(Buffer.byteLength(first.text)).toBeLessThan(16 * 1024 + 300);
    const marker = /\[truncated at 16384 bytes: showed lines 1-(\d+) of a \d+-byte file\. Call read_file with startLine: (\d+) to continue\]/.exec(first.text);
    expect(marker).not.toBeNull();
    const next = Number(marker?.[2]);
    const second = await read({ path: 'large.txt', startLine: next, endLine: next + 1 });
    expect(second.text.split('\n')[0]).toMatch(new RegExp(`^line ${next} `));
    const tail = await read({ path: 'large.txt', startLine: 4999 });
    expect(tail.text).toMatch(/^line 4999 x+\nline 5000 x+\n\[lines 4999-5000 of 5000\]$/);
  });

  it('keeps memory bounded on one enormous line', async () => {
    const result = await read({ path: 'one-huge-line.min.js' });
    expect(result.text).toMatch(/^y{16000,16384}\n\[truncated at 16384 bytes: showed lines 1-1/);
  });

  it('does not dump binary files, and returns images as image parts', async () => {
    expect((await read({ path: 'bin.dat' })).text).toBe('[bin.dat is a binary file of 6 bytes: not shown]');
    expect((await read({ path: 'latin1.txt' })).text).toMatch(/binary file/);
    const image = normalizeToolOutput((await read({ path: 'pixel.png' })).output);
    expect(image.content[1]).toEqual({ type: 'image', mediaType: 'image/png', data: PNG.toString('base64') });
  });

  it('handles CRLF, empty files and unicode names with spaces', async () => {
    expect((await read({ path: 'crlf.txt' })).text).toBe('first\nsecond\nthird\n[this file uses CRLF line endings; they are shown as plain newlines]');
    expect((await read({ path: 'empty.txt' })).text).toBe('[empty.txt is empty]');
    expect((await read({ path: 'unicode/naïve café.md' })).text).toBe('crème brûlée');
  });

  it('explains missing files, directories and bad arguments', async () => {
    expect((await toolFailure(byName(tools, 'read_file'), { path: 'nope.txt' })).code).toBe('tool.file_not_found');
    expect((await toolFailure(byName(tools, 'read_file'), { path: 'src' })).code).toBe('tool.not_a_file');
    const bad = byName(tools, 'read_file').validate?.({ path: 3, startLine: 0 });
    expect(bad).toEqual({ ok: false, message: expect.stringMatching(/path: expected string.*startLine: .*>=1/) });
  });

  it('refuses a FIFO instead of hanging on it', async () => {
    expect((await toolFailure(byName(tools, 'read_file'), { path: 'pipe' })).code).toBe('tool.not_a_file');
  });
});

describe('list_files', () => {
  it('lists recursively in a stable sorted order, honouring .gitignore at every level and hiding protected paths', async () => {
    const result = await list({ path: '.', depth: 2 });
    const lines = result.text.split('\n');
    expect(lines).toEqual([
      '.gitignore',
      'bin.dat',
      'crlf.txt',
      'deep/',
      'deep/a/',
      'docs/',
      'docs/readme.md',
      'empty-dir/',
      'empty.txt',
      'keep.log',
      'large.txt',
      'latin1.txt',
      'no-newline.txt',
      'one-huge-line.min.js',
      'pipe',
      'pixel.png',
      'pkg/',
      'pkg/.gitignore',
      'pkg/shared.txt',
      'small.txt',
      'src/',
      'src/index.ts',
      'src/util/',
      'unicode/',
      'unicode/naïve café.md',
    ]);
    expect(await list({ path: '.', depth: 2 })).toEqual(result);
  });

  it('respects depth, a subdirectory and the entry limit', async () => {
    expect((await list({ path: 'deep', depth: 20 })).text).toBe('deep/a/\ndeep/a/b/\ndeep/a/b/c/\ndeep/a/b/c/d/\ndeep/a/b/c/d/e/\ndeep/a/b/c/d/e/leaf.txt');
    expect((await list({ path: 'src', depth: 1 })).text).toBe('src/index.ts\nsrc/util/');
    const limited = await list({ path: '.', depth: 5, limit: 3 });
    expect(limited.text.split('\n')).toHaveLength(4);
    expect(limited.text).toMatch(/\[stopped after 3 entries/);
    expect((await list({ path: 'empty-dir' })).text).toBe('[empty-dir is empty]');
  });

  it('applies ancestor .gitignore files when listing a subdirectory', async () => {
    expect((await list({ path: 'src', depth: 3 })).text).not.toContain('generated');
  });

  it('refuses depth beyond the configured maximum with the field named', () => {
    expect(byName(tools, 'list_files').validate?.({ depth: 99 })).toEqual({ ok: false, message: expect.stringContaining('depth:') });
  });
});

describe('grep', () => {
  it('finds regex matches as path:line: text, skipping ignored, binary and protected files', async () => {
    const result = await grep({ pattern: 'TODO', maxMatches: 5 });
    // Stable order: a directory's own files first, then its subdirectories, each sorted.
    expect(result.text.split('\n')).toEqual([
      'keep.log:1: TODO kept',
      'deep/a/b/c/d/e/leaf.txt:1: leaf TODO',
      'docs/readme.md:1: TODO: docs',
      'pkg/shared.txt:1: TODO shared',
      'src/index.ts:2: // TODO: more',
      '[stopped after 5 matches; narrow the pattern, path or glob]',
    ]);
  });

  it('filters by glob (file name or path) and searches a single file', async () => {
    expect((await grep({ pattern: 'TODO', glob: '*.ts' })).text).toBe('src/index.ts:2: // TODO: more\nsrc/util/strings.ts:2:   return s.toUpperCase(); // TODO');
    expect((await grep({ pattern: 'todo', ignoreCase: true, glob: ['src/util/**'] })).text).toBe(
      'src/util/strings.test.ts:1: shout("todo")\nsrc/util/strings.ts:2:   return s.toUpperCase(); // TODO',
    );
    expect((await grep({ pattern: 'answer', path: 'src/index.ts' })).text).toBe('src/index.ts:1: export const answer = 42;');
  });

  it('searches literally when asked, and explains an invalid regex', async () => {
    expect((await grep({ pattern: 'toUpperCase()', literal: true })).text).toBe('src/util/strings.ts:2:   return s.toUpperCase(); // TODO');
    const failure = await toolFailure(byName(tools, 'grep'), { pattern: '(unclosed' });
    expect(failure.code).toBe('tool.invalid_args');
    expect(failure.message).toMatch(/not a valid regular expression/);
  });

  it('reports no matches plainly', async () => {
    expect((await grep({ pattern: 'zzz-not-there' })).text).toBe('[no matches for "zzz-not-there"]');
  });

  it('matches unicode content', async () => {
    const ctx = toolContext();
    const result = await byName(tools, 'grep').execute({ pattern: 'crème' }, ctx);
    expect(normalizeToolOutput(result).content[0]).toEqual({ type: 'text', text: 'unicode/naïve café.md:1: crème brûlée' });
  });
});

describe('abort', () => {
  it('list_files and grep stop and say so when the run is aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const listed = await runTool(byName(tools, 'list_files'), {}, toolContext(controller.signal));
    expect(listed).toMatchObject({ isError: true, text: '[aborted after 0 entries]' });
    const grepped = await runTool(byName(tools, 'grep'), { pattern: 'TODO' }, toolContext(controller.signal));
    expect(grepped.isError).toBe(true);
    expect(grepped.text).toMatch(/^\[aborted after \d+ matches\]$/);
  });
});

describe('a .gitignored tree at scale', () => {
  it('skips an ignored directory of many files entirely', async () => {
    const root = tempDir('warden-ignored-');
    try {
      const files: Record<string, string> = { '.gitignore': 'node_modules/\n', 'app.js': 'needle\n' };
      for (let i = 0; i < 300; i++) files[`node_modules/pkg${i}/index.js`] = 'needle\n';
      writeTree(root.dir, files);
      writeFileSync(path.join(root.dir, 'node_modules/.gitignore'), '');
      const t = createWorkspaceTools({ root: root.dir }).tools;
      expect((await runTool(byName(t, 'grep'), { pattern: 'needle' })).text).toBe('app.js:1: needle');
      expect((await runTool(byName(t, 'list_files'), {})).text).toBe('.gitignore\napp.js');
      const unignored = createWorkspaceTools({ root: root.dir, respectGitignore: false }).tools;
      expect((await runTool(byName(unignored, 'grep'), { pattern: 'needle', maxMatches: 200 })).text).toMatch(/stopped after 200 matches/);
    } finally {
      root.cleanup();
    }
  });
});
