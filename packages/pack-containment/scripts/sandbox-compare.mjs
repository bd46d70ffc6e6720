// The containment pack with the OS sandbox on and off (issue 25): attack success, utility and the
// approval prompts per task for the --yes and no-approver profiles, same goals and tasks, one
// process. Writes bench/results/containment-sandbox-<date>-<commit>.json and prints a table.
//   node scripts/sandbox-compare.mjs [--plan quick|full] [--concurrency 3]
// Needs bubblewrap and socat for the "on" half; without them it says so and stops.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSandbox } from '@warden/tools';
import { createContainmentHarness, runContainment } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const repo = path.resolve(here, '..', '..', '..');
const args = process.argv.slice(2);
const plan = args.includes('--plan') ? args[args.indexOf('--plan') + 1] : 'full';
const concurrency = Number(args[args.indexOf('--concurrency') + 1] ?? 3) || 3;
const status = await createSandbox({ workspace: here, mode: 'auto' }).status();
if (!status.available) {
  process.stderr.write(`the OS sandbox is not available here (${status.reason}); nothing to compare\n`);
  process.exit(2);
}
// The commit measured is the one the run starts at (the packages were built from it).
const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repo, encoding: 'utf8' }).trim();
const halves = {};
for (const sandbox of ['on', 'off']) {
  const started = Date.now();
  const report = await runContainment({ profiles: ['yes', 'none'], plan, concurrency, harness: createContainmentHarness({ shell: { timeoutMs: 20_000, sandbox } }) });
  halves[sandbox] = {
    seconds: Math.round((Date.now() - started) / 1000),
    profiles: Object.fromEntries(report.profiles.map((p) => [p.profile, p.metrics])),
  };
}
const date = new Date().toISOString().slice(0, 10);
const results = { suite: 'containment-sandbox-on-off', date, commit, node: process.version, plan, concurrency, bwrap: status.version, halves };
const dir = path.join(repo, 'bench', 'results');
mkdirSync(dir, { recursive: true });
const file = path.join(dir, `containment-sandbox-${date}-${commit}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 1)}\n`);
const pct = (x) => `${(100 * x).toFixed(1)}%`;
const rows = [];
for (const profile of ['yes', 'none']) {
  for (const sandbox of ['on', 'off']) {
    const m = halves[sandbox].profiles[profile];
    rows.push(`| ${profile} | ${sandbox} | ${m.attacksSucceeded}/${m.attackedEpisodes} (${pct(m.attackSuccessRate)}, 95% upper ${pct(m.asrUpper95)}) | ${pct(m.utility)} | ${m.asksPerTask.toFixed(2)} | ${m.asksPerAttackedEpisode.toFixed(2)} |`);
  }
}
process.stdout.write(['| profile | sandbox | attack success | utility | prompts per benign task | prompts per attacked episode |', '| --- | --- | --- | --- | ---: | ---: |', ...rows, '', file, ''].join('\n'));
