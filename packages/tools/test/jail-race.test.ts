import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync, renameSync, symlinkSync, unlinkSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ToolError } from '@warden/protocol';
import { createPathJail, createWorkspaceTools, writeFileAtomic } from '../src/index.js';
import { openFileForRead } from '../src/secure-fs.js';
import { byName, runTool, tempDir, writeTree } from './helpers/workspace.js';

const SECRET = 'OUTSIDE-SECRET';

// Swaps a directory and a file inside the root for symlinks to the outside, for a plain file,
// for a symlink loop and for nothing at all, and back, as fast as it can: every errno a lookup can
// meet mid-race (ELOOP, ENOTDIR, ENOENT, EISDIR, EINVAL from readlink) comes up.
const SWAPPER = `
const fs = require('node:fs');
const [R, P] = process.argv.slice(1);
const t = (f) => { try { f(); } catch {} };
for (;;) {
  t(() => fs.renameSync(R + '/d', R + '/d.real'));
  t(() => fs.symlinkSync(P + '/outside', R + '/d'));
  t(() => fs.renameSync(R + '/f.txt', R + '/f.real'));
  t(() => fs.symlinkSync(P + '/outside/file.txt', R + '/f.txt'));
  t(() => fs.unlinkSync(R + '/d'));
  t(() => fs.writeFileSync(R + '/d', 'a file where a directory was'));
  t(() => fs.unlinkSync(R + '/f.txt'));
  t(() => fs.symlinkSync('f.txt', R + '/f.txt'));
  t(() => fs.unlinkSync(R + '/d'));
  t(() => fs.mkdirSync(R + '/d'));
  t(() => fs.rmdirSync(R + '/d'));
  t(() => fs.renameSync(R + '/d.real', R + '/d'));
  t(() => fs.unlinkSync(R + '/f.txt'));
  t(() => fs.renameSync(R + '/f.real', R + '/f.txt'));
}
`;

/** The typed results a jail may end a call with while its paths change under it. */
const JAIL_REFUSALS = new Set(['tool.path_outside_workspace', 'tool.path_protected', 'tool.path_invalid', 'tool.file_not_found', 'tool.not_a_file']);

function outsideState(P: string): string {
  const dir = path.join(P, 'outside');
  return readdirSync(dir)
    .sort()
    .map((name) => `${name}=${readFileSync(path.join(dir, name), 'utf8')}`)
    .join('\n');
}

let temp: ReturnType<typeof tempDir>;
let P: string;
let R: string;

beforeEach(() => {
  temp = tempDir('warden-race-');
  P = temp.dir;
  R = path.join(P, 'ws');
  writeTree(P, { 'outside/file.txt': SECRET, 'ws/d/file.txt': 'inside d', 'ws/f.txt': 'inside f' });
});

afterEach(() => temp.cleanup());

describe('symlink swaps after the check (deterministic)', () => {
  it('a directory swapped for a link out after resolve: the opened descriptor is verified and refused', async () => {
    const jail = createPathJail({ root: R });
    const checked = jail.resolve('d/file.txt');
    renameSync(path.join(R, 'd'), path.join(R, 'd.real'));
    symlinkSync(path.join(P, 'outside'), path.join(R, 'd'));
    await expect(openFileForRead(jail, checked.real)).rejects.toMatchObject({ code: 'tool.path_outside_workspace' });
  });

  it('a file swapped for a link out after resolve: O_NOFOLLOW refuses it', async () => {
    const jail = createPathJail({ root: R });
    const checked = jail.resolve('f.txt');
    renameSync(path.join(R, 'f.txt'), path.join(R, 'f.real'));
    symlinkSync(path.join(P, 'outside/file.txt'), path.join(R, 'f.txt'));
    await expect(openFileForRead(jail, checked.real)).rejects.toMatchObject({ code: 'tool.path_outside_workspace' });
  });

  it('a directory swapped for a link out just before the commit: the write stays inside', async () => {
    const jail = createPathJail({ root: R });
    const target = jail.resolve('d/new.txt');
    await writeFileAtomic(jail, target, 'written', {
      beforeCommit() {
        renameSync(path.join(R, 'd'), path.join(R, 'd.real'));
        symlinkSync(path.join(P, 'outside'), path.join(R, 'd'));
      },
    });
    expect(readFileSync(path.join(R, 'd.real/new.txt'), 'utf8')).toBe('written');
    expect(outsideState(P)).toBe(`file.txt=${SECRET}`);
  });

  it('the write target swapped for a link out just before the commit: the link is replaced, not followed', async () => {
    const jail = createPathJail({ root: R });
    const target = jail.resolve('f.txt');
    await writeFileAtomic(jail, target, 'written', {
      beforeCommit() {
        unlinkSync(path.join(R, 'f.txt'));
        symlinkSync(path.join(P, 'outside/file.txt'), path.join(R, 'f.txt'));
      },
    });
    expect(readFileSync(path.join(R, 'f.txt'), 'utf8')).toBe('written');
    expect(outsideState(P)).toBe(`file.txt=${SECRET}`);
  });
});

describe('symlink swap race (a concurrent process swapping links in a loop)', () => {
  let swapper: ChildProcess | undefined;
  afterEach(() => {
    swapper?.kill('SIGKILL');
    swapper = undefined;
  });

  it('never reads or writes anything outside the root, and every failure is a typed jail refusal', async () => {
    const { tools, jail } = createWorkspaceTools({ root: R });
    const [read, write, edit, grep, list] = ['read_file', 'write_file', 'edit_file', 'grep', 'list_files'].map((n) => byName(tools, n));
    swapper = spawn(process.execPath, ['-e', SWAPPER, R, P], { stdio: 'ignore' });
    const outcomes = { ok: 0, refused: 0 };
    const seen: string[] = [];
    const unclassified: string[] = [];
    const attempt = async (run: () => Promise<{ text: string }>) => {
      try {
        const { text } = await run();
        seen.push(text);
        outcomes.ok += 1;
      } catch (error) {
        seen.push(String((error as Error).message));
        outcomes.refused += 1;
        const code = ToolError.isInstance(error) ? error.code : undefined;
        if (code === undefined || !JAIL_REFUSALS.has(code)) unclassified.push(`${code ?? 'untyped'}: ${(error as Error).message}`);
      }
    };
    const resolved = async (input: string) => ({ text: jail.resolve(input).relative });
    for (let round = 0; round < 150; round++) {
      await Promise.all([
        attempt(() => runTool(read!, { path: 'd/file.txt' })),
        attempt(() => runTool(read!, { path: 'f.txt' })),
        attempt(() => runTool(write!, { path: 'd/new.txt', content: `inside ${round}` })),
        attempt(() => runTool(write!, { path: 'f.txt', content: `inside f ${round}` })),
        attempt(() => runTool(edit!, { path: 'f.txt', oldText: 'inside', newText: 'inside' })),
        attempt(() => runTool(grep!, { pattern: 'SECRET' })),
        attempt(() => runTool(list!, { depth: 3 })),
        attempt(() => resolved('d/file.txt')),
        attempt(() => resolved('d/../f.txt')),
      ]);
    }
    swapper.kill('SIGKILL');
    expect(outcomes.ok + outcomes.refused).toBe(150 * 9);
    expect(unclassified).toEqual([]);
    expect(seen.filter((text) => text.includes(SECRET))).toEqual([]);
    expect(outsideState(P)).toBe(`file.txt=${SECRET}`);
  });
});
