// @warden/tools: the path jail's cost per call, and list_files / grep on a generated
// 50,000-file tree, next to find / grep -r / rg when installed.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { figure, notMeasured } from '../lib/figure.mjs';
import { perCall, timeMs } from '../lib/timing.mjs';

const DIRS = 50;
const SUBDIRS = 10;

function buildTree(root, files) {
  const perSub = Math.ceil(files / (DIRS * SUBDIRS));
  let made = 0;
  for (let d = 0; d < DIRS; d += 1) {
    for (let s = 0; s < SUBDIRS; s += 1) {
      const dir = path.join(root, `d${d}`, `s${s}`);
      mkdirSync(dir, { recursive: true });
      for (let f = 0; f < perSub && made < files; f += 1, made += 1) {
        const needle = made % 100 === 0 ? 'the needle is here\n' : '';
        writeFileSync(path.join(dir, `f${f}.txt`), `line one of file ${made}\n${needle}const value = ${made};\nlast line\n`);
      }
    }
  }
  return made;
}

function commandMs(cmd, args, cwd) {
  const probe = spawnSync('sh', ['-c', `command -v ${cmd}`]);
  if (probe.status !== 0) return undefined;
  const runs = [];
  for (let i = 0; i < 3; i += 1) {
    const start = process.hrtime.bigint();
    const r = spawnSync(cmd, args, { cwd, maxBuffer: 64 * 1024 * 1024 });
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
    if (r.status !== 0 && r.status !== 1) return undefined;
  }
  return runs;
}

export async function runToolsSuite({ quick, log }) {
  const figures = [];
  let tools;
  try {
    tools = await import('@warden/tools');
  } catch (error) {
    const reason = `@warden/tools could not be imported: ${String(error.message).slice(0, 160)}`;
    return { raw: {}, figures: [notMeasured('tools.jail', 'path jail check', 'µs/call', reason), notMeasured('tools.list_files', 'list_files', 'ms', reason), notMeasured('tools.grep', 'grep', 'ms', reason)] };
  }
  const files = quick ? 5000 : 50000;
  const root = mkdtempSync(path.join(tmpdir(), 'warden-bench-tools-'));
  try {
    const build = await timeMs(() => buildTree(root, files));
    log(`tools: built ${files} files in ${Math.round(build.ms)} ms`);
    const jail = tools.createPathJail({ root });
    const target = (i) => `d${i % DIRS}/s${i % SUBDIRS}/f${i % 10}.txt`;
    await perCall((i) => jail.resolve(target(i)), 2000); // warm
    const calls = quick ? 5000 : 20000;
    const resolve = await perCall((i) => jail.resolve(target(i)), calls);
    const stat = await perCall((i) => statSync(path.join(root, target(i))), calls);
    figures.push(figure('tools.jail_p50', `createPathJail().resolve of an existing 3-level path, p50 over ${calls} calls`, 'µs/call', [resolve.p50], { group: 'tools', p99: resolve.p99 }));
    figures.push(figure('tools.jail_p99', 'createPathJail().resolve, p99', 'µs/call', [resolve.p99], { group: 'tools' }));
    figures.push(figure('tools.stat_p50', 'for scale: one fs.statSync of the same path, p50', 'µs/call', [stat.p50], { group: 'tools', p99: stat.p99 }));

    const ws = tools.workspaceTools({ root, maxListEntries: files * 2, maxGrepMatches: files });
    const byName = new Map(ws.map((t) => [t.name, t]));
    const ctx = { signal: new AbortController().signal, callId: 'bench', runId: 'bench', emit: () => {} };
    const list = [];
    const grep = [];
    const lines = (out) => String(typeof out === 'string' ? out : out?.content ?? '').split('\n');
    for (let i = 0; i < 3; i += 1) {
      const listed = await timeMs(() => byName.get('list_files').execute({ path: '.', depth: 5 }, ctx));
      const seen = lines(listed.value).filter((l) => l.endsWith('.txt')).length;
      if (seen !== files) throw new Error(`list_files returned ${seen} files, expected ${files}`);
      list.push(listed.ms);
      if (i === 2 && !quick) break; // grep on 50,000 files is slow: two runs are enough
      const found = await timeMs(() => byName.get('grep').execute({ pattern: 'needle', literal: true }, ctx));
      const matches = lines(found.value).filter((l) => l.includes('needle')).length;
      if (matches !== files / 100) throw new Error(`grep found ${matches} matches, expected ${files / 100}`);
      grep.push(found.ms);
    }
    figures.push(figure('tools.list_files', `list_files on ${files} files (${DIRS}×${SUBDIRS} directories), depth 5`, 'ms', list, { group: 'tools' }));
    figures.push(figure('tools.grep', `grep "needle" (literal) over ${files} files, ${files / 100} matches`, 'ms', grep, { group: 'tools' }));
    const find = commandMs('find', ['.', '-type', 'f'], root);
    figures.push(find ? figure('tools.find', `for scale: find . -type f on the same tree`, 'ms', find, { group: 'tools' }) : notMeasured('tools.find', 'find . -type f', 'ms', 'find not installed'));
    const rg = commandMs('rg', ['-n', 'needle', '.'], root);
    figures.push(rg ? figure('tools.rg', 'for scale: rg -n needle on the same tree', 'ms', rg, { group: 'tools' }) : notMeasured('tools.rg', 'rg -n needle', 'ms', 'ripgrep (rg) is not installed on this machine'));
    const gnuGrep = commandMs('grep', ['-rn', 'needle', '.'], root);
    figures.push(gnuGrep ? figure('tools.gnu_grep', 'for scale: grep -rn needle on the same tree', 'ms', gnuGrep, { group: 'tools' }) : notMeasured('tools.gnu_grep', 'grep -rn', 'ms', 'grep not installed'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  return { raw: { files }, figures };
}
