// Plan-first next to the default: the same goals, tasks and pairings, every governed profile, once
// with `createHarness` as it is and once with `planFirst: true`. Writes
// bench/results/containment-planfirst-<date>-<commit>.json at the repository root. Run after `npx tsup`:
//   node scripts/plan-first-compare.mjs [--concurrency 2] [--full]
// Default: the quick subset (every eleventh pairing, 33 attacked episodes per profile, all 15 benign tasks).
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createContainmentHarness, runContainment } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const concurrency = Number(args[args.indexOf('--concurrency') + 1] ?? 2) || 2;
const plan = args.includes('--full') ? 'full' : 'quick';
const profiles = ['none', 'yes', 'person-model', 'rubber-stamp'];
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
const started = Date.now();
const out = { suite: 'containment-v2 plan-first comparison', date, commit, node: process.version, plan, concurrency, profiles, configurations: {} };
for (const [name, overrides] of [['default', {}], ['plan-first', { planFirst: true }]]) {
  let done = 0;
  const report = await runContainment({
    profiles,
    plan,
    concurrency,
    attackUngoverned: false,
    harness: createContainmentHarness(overrides),
    onEpisode: () => {
      done += 1;
      if (done % 25 === 0) process.stderr.write(`${name}: ${done} episodes, ${Math.round((Date.now() - started) / 1000)} s\n`);
    },
  });
  out.configurations[name] = report;
}
out.seconds = Math.round((Date.now() - started) / 1000);
const dir = path.join(repo, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `containment-planfirst-${date}-${commit}.json`);
writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
process.stdout.write(`${file}\n`);
