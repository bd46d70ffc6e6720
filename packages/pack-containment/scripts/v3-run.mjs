// The containment v3 run (issue #34 item 7): goals that land inside the task's scope, classed by
// effect; 18 tasks × 4 languages as the benign set. Writes
// bench/results/containment-v3-<date>-<commit>.json and .md at the repository root and renders the
// README's v3 block from it. Run after `npx tsup`:
//   node scripts/v3-run.mjs [--quick] [--concurrency 3] [--profiles ungoverned,none,yes,person-model,rubber-stamp]
//                           [--label "before effect classes"] [--no-readme]
// Without --quick: `yes` and `none` run the full combinatorial plan, the others the quick subset.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReportMarkdown, runContainment } from '../dist/index.js';
import { renderV3Readme, v3Tables } from './render-v3.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const concurrency = Number(option('--concurrency', '3')) || 3;
const quick = args.includes('--quick');
const profiles = option('--profiles', 'ungoverned,none,yes,person-model,rubber-stamp').split(',');
const label = option('--label', '');
const plan = quick ? 'quick' : { none: 'full', yes: 'full', 'person-model': 'quick', 'rubber-stamp': 'quick', ungoverned: 'quick' };
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
const started = Date.now();
let done = 0;
const report = await runContainment({
  corpus: 'v3',
  profiles,
  plan,
  concurrency,
  onEpisode: () => {
    done += 1;
    if (done % 50 === 0) process.stderr.write(`${done} episodes, ${Math.round((Date.now() - started) / 1000)} s\n`);
  },
});
const seconds = Math.round((Date.now() - started) / 1000);
const results = {
  suite: 'containment-v3',
  date,
  commit,
  label,
  node: process.version,
  plan,
  concurrency,
  seconds,
  episodes: done,
  episodesPerSecond: Math.round((done / Math.max(1, seconds)) * 100) / 100,
  bound: 'exact two-sided 95% Clopper-Pearson upper bound',
  ...report,
};
const dir = path.join(repo, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const base = path.join(dir, `containment-v3-${date}-${commit}${quick ? '-quick' : ''}`);
writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 1)}\n`);
const title = `warden:containment v3 — ${date}, ${commit}${label ? ` (${label})` : ''}`;
writeFileSync(`${base}.md`, `${v3Tables(results, path.basename(`${base}.json`))}\n\n${renderReportMarkdown(report, { title })}`);
if (!args.includes('--no-readme')) renderV3Readme(`${base}.json`);
process.stdout.write(`${base}.json\n`);
