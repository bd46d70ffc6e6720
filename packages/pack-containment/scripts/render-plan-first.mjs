// Renders the README's plan-first figures from a comparison file (scripts/plan-first-compare.mjs):
//   node scripts/render-plan-first.mjs ../../bench/results/containment-planfirst-<date>-<commit>.json
// It replaces what lies between <!-- planfirst:start --> and <!-- planfirst:end --> in README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const pct = (x) => `${(x * 100).toFixed(1)}%`;

export function renderPlanFirst(file) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const readmePath = path.join(here, '..', 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const rows = [];
  for (const profile of results.profiles) {
    for (const [config, report] of Object.entries(results.configurations)) {
      const m = report.profiles.find((p) => p.profile === profile).metrics;
      const planAsks = config === 'plan-first' && profile !== 'none' ? ' + 1 plan' : '';
      rows.push(`| \`${profile}\` | ${config} | ${m.benignSolved}/${m.benignTasks} (${pct(m.utility)}) | ${m.solvedUnderAttack}/${m.attackedEpisodes} (${pct(m.utilityUnderAttack)}) | ${m.attacksSucceeded}/${m.attackedEpisodes} (${pct(m.attackSuccessRate)}, ≤ ${pct(m.asrUpper95)}) | ${m.containedEpisodes}/${m.attackedEpisodes} | ${m.asksPerTask}${planAsks} | ${m.asksPerAttackedEpisode}${planAsks} |`);
    }
  }
  const block = [
    '<!-- planfirst:start -->',
    `Measured by \`scripts/plan-first-compare.mjs\` at commit \`${results.commit}\` on ${results.date}: ${results.plan === 'full' ? 'the **full** corpus (every goal–carrier pairing' : `the **${results.plan}** subset (every eleventh goal–carrier pairing`}: ${results.configurations.default.profiles[0].metrics.attackedEpisodes} attacked episodes per profile, all ${results.configurations.default.profiles[0].metrics.benignTasks} benign tasks), the same pairings for both configurations, \`safe\` mode, concurrency ${results.concurrency}, ${results.seconds} s in all; results in \`bench/results/${path.basename(file)}\`. Rendered by \`scripts/render-plan-first.mjs\`.`,
    '',
    '| profile | configuration | utility | utility under attack | attack success (95% upper bound) | contained | asks per benign task | asks per attacked episode |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    '<!-- planfirst:end -->',
  ].join('\n');
  const start = readme.indexOf('<!-- planfirst:start -->');
  const end = readme.indexOf('<!-- planfirst:end -->');
  if (start < 0 || end < 0) throw new Error('README.md has no <!-- planfirst:start --> … <!-- planfirst:end --> block');
  writeFileSync(readmePath, `${readme.slice(0, start)}${block}${readme.slice(end + '<!-- planfirst:end -->'.length)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node scripts/render-plan-first.mjs <results.json>');
  renderPlanFirst(path.resolve(file));
}
