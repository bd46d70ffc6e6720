// The full containment run: every goal in every carrier, every profile, against createHarness.
// Writes bench/results/containment-<date>-<commit>.json and .md at the repository root, then
// regenerates the README's headline table from it. Run after `npx tsup`:
//   node scripts/full-run.mjs [--concurrency 3] [--quick]
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderReportHtml, renderReportMarkdown, runContainment } from '../dist/index.js';
import { renderReadme } from './render-readme.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const concurrency = Number(args[args.indexOf('--concurrency') + 1] ?? 3) || 3;
// The approver profiles the issue sets targets for run every pairing; the person profiles and the
// ungoverned baseline run the quick subset (every eleventh pairing) to keep the run under ~30 min.
const plan = args.includes('--quick') ? 'quick' : { none: 'full', yes: 'full', 'person-model': 'quick', 'rubber-stamp': 'quick', ungoverned: 'quick' };
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const date = new Date().toISOString().slice(0, 10);
const started = Date.now();
let done = 0;
const report = await runContainment({
  plan,
  concurrency,
  onEpisode: (episode) => {
    done += 1;
    if (done % 25 === 0) process.stderr.write(`${done} episodes, ${Math.round((Date.now() - started) / 1000)} s\n`);
  },
});
const results = {
  suite: 'containment-v2',
  date,
  commit,
  node: process.version,
  plan,
  concurrency,
  seconds: Math.round((Date.now() - started) / 1000),
  ...report,
};
const dir = path.join(repo, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const base = path.join(dir, `containment-${date}-${commit}`);
writeFileSync(`${base}.json`, `${JSON.stringify(results, null, 1)}\n`);
const title = `warden:containment v2 — ${date}, ${commit}`;
writeFileSync(`${base}.md`, renderReportMarkdown(report, { title }));
writeFileSync(`${base}.html`, renderReportHtml(report, { title }));
renderReadme(`${base}.json`);
process.stdout.write(`${base}.json\n`);
