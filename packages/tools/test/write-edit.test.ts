import { chmodSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createPathJail, createWorkspaceTools, writeFileAtomic } from '../src/index.js';
import { byName, runTool, tempDir, toolFailure, writeTree } from './helpers/workspace.js';

let temp: ReturnType<typeof tempDir>;
let R: string;
let tools: ReturnType<typeof createWorkspaceTools>['tools'];

beforeEach(() => {
  temp = tempDir('warden-write-');
  R = temp.dir;
  writeTree(R, {
    'app.ts': 'const a = 1;\nconst b = 2;\nconst a2 = 1;\n',
    'crlf.txt': 'alpha\r\nbeta\r\ngamma\r\n',
    'twice.txt': 'x = 1\ny = 2\nx = 1\n',
    'indented.py': 'def f():\n    return 1\n',
    'bin.dat': Buffer.from([0, 1, 2, 3]),
  });
  tools = createWorkspaceTools({ root: R }).tools;
});

afterEach(() => temp.cleanup());

const file = (p: string) => readFileSync(path.join(R, p), 'utf8');
const leftovers = (dir = R) => readdirSync(dir).filter((n) => n.includes('warden-tmp'));

describe('write_file', () => {
  it('creates files and parent directories, and replaces existing files', async () => {
    expect((await runTool(byName(tools, 'write_file'), { path: 'new/deep/dir/x.txt', content: 'héllo' })).text).toBe('Created new/deep/dir/x.txt (6 bytes)');
    expect(file('new/deep/dir/x.txt')).toBe('héllo');
    expect((await runTool(byName(tools, 'write_file'), { path: 'app.ts', content: 'replaced' })).text).toBe('Replaced app.ts (8 bytes)');
    expect(file('app.ts')).toBe('replaced');
    expect(leftovers()).toEqual([]);
  });

  it('keeps the permission bits of a file it replaces', async () => {
    chmodSync(path.join(R, 'app.ts'), 0o750);
    await runTool(byName(tools, 'write_file'), { path: 'app.ts', content: '#!/bin/sh\n' });
    expect(statSync(path.join(R, 'app.ts')).mode & 0o777).toBe(0o750);
  });

  it('refuses to write over a directory or the root', async () => {
    writeTree(R, { 'adir/inner.txt': 'x' });
    expect((await toolFailure(byName(tools, 'write_file'), { path: 'adir', content: 'x' })).code).toBe('tool.not_a_file');
    expect((await toolFailure(byName(tools, 'write_file'), { path: '.', content: 'x' })).code).toBe('tool.not_a_file');
  });

  it('leaves the old content intact when the write fails before the commit', async () => {
    const jail = createPathJail({ root: R });
    const target = jail.resolve('app.ts');
    const before = file('app.ts');
    let tempSeen = '';
    await expect(
      writeFileAtomic(jail, target, 'half-written garbage', {
        beforeCommit(tempPath) {
          tempSeen = tempPath;
          throw new Error('injected failure: disk unplugged');
        },
      }),
    ).rejects.toThrow('injected failure');
    expect(tempSeen).toMatch(/warden-tmp$/);
    expect(file('app.ts')).toBe(before);
    expect(leftovers()).toEqual([]);
  });
});

describe('edit_file', () => {
  it('replaces one exact, unique match', async () => {
    const result = await runTool(byName(tools, 'edit_file'), { path: 'app.ts', oldText: 'const b = 2;', newText: 'const b = 3;' });
    expect(result.text).toBe('Edited app.ts: replaced 1 occurrence (line 2).');
    expect(file('app.ts')).toBe('const a = 1;\nconst b = 3;\nconst a2 = 1;\n');
  });

  it('treats $ in the replacement literally', async () => {
    await runTool(byName(tools, 'edit_file'), { path: 'app.ts', oldText: 'const b = 2;', newText: "const b = '$&$1';" });
    expect(file('app.ts')).toContain("const b = '$&$1';");
  });

  it('refuses zero matches with a helpful hint and leaves the file alone', async () => {
    const failure = await toolFailure(byName(tools, 'edit_file'), { path: 'indented.py', oldText: 'def f():\n  return 1', newText: 'x' });
    expect(failure.code).toBe('tool.edit_no_match');
    expect(failure.message).toMatch(/not found in indented\.py\. Its first line appears \(ignoring whitespace\) on line 1/);
    const missing = await toolFailure(byName(tools, 'edit_file'), { path: 'app.ts', oldText: 'nowhere', newText: 'x' });
    expect(missing.message).toMatch(/does not appear either/);
    expect(file('indented.py')).toBe('def f():\n    return 1\n');
  });

  it('refuses several matches, naming their lines, unless replaceAll is set', async () => {
    const failure = await toolFailure(byName(tools, 'edit_file'), { path: 'twice.txt', oldText: 'x = 1', newText: 'x = 9' });
    expect(failure.code).toBe('tool.edit_ambiguous');
    expect(failure.message).toBe('oldText matches 2 places in twice.txt (lines 1, 3).');
    expect(file('twice.txt')).toBe('x = 1\ny = 2\nx = 1\n');
    const all = await runTool(byName(tools, 'edit_file'), { path: 'twice.txt', oldText: 'x = 1', newText: 'x = 9', replaceAll: true });
    expect(all.text).toBe('Edited twice.txt: replaced 2 occurrences (line 1).');
    expect(file('twice.txt')).toBe('x = 9\ny = 2\nx = 9\n');
  });

  it('edits a CRLF file with plain newlines and keeps its CRLF endings', async () => {
    await runTool(byName(tools, 'edit_file'), { path: 'crlf.txt', oldText: 'alpha\nbeta', newText: 'ALPHA\nBETA\nextra' });
    expect(file('crlf.txt')).toBe('ALPHA\r\nBETA\r\nextra\r\ngamma\r\n');
  });

  it('refuses binary files, missing files and protected files', async () => {
    expect((await toolFailure(byName(tools, 'edit_file'), { path: 'bin.dat', oldText: 'a', newText: 'b' })).code).toBe('tool.not_a_file');
    expect((await toolFailure(byName(tools, 'edit_file'), { path: 'missing.txt', oldText: 'a', newText: 'b' })).code).toBe('tool.file_not_found');
    expect((await toolFailure(byName(tools, 'edit_file'), { path: '.env', oldText: 'a', newText: 'b' })).code).toBe('tool.path_protected');
  });

  it('refuses files over maxEditBytes', async () => {
    const small = createWorkspaceTools({ root: R, maxEditBytes: 10 }).tools;
    expect((await toolFailure(byName(small, 'edit_file'), { path: 'app.ts', oldText: 'a', newText: 'b' })).code).toBe('tool.file_too_large');
  });
});
