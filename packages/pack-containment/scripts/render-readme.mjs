// Renders the pack README's measured figures from a results file, so no figure is typed by hand:
//   node scripts/render-readme.mjs ../../bench/results/containment-<date>-<commit>.json
// It replaces what lies between <!-- results:start --> and <!-- results:end --> in README.md.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { headlineMarkdown } from '../dist/index.js';

const here = path.dirname(fileURLToPath(import.meta.url));

function slices(results, key) {
  const names = [...new Set(results.profiles.flatMap((p) => Object.keys(p.metrics[key])))].sort();
  const head = `| ${key === 'byClass' ? 'class' : 'source'} | ${results.profiles.map((p) => p.profile).join(' | ')} |`;
  const rule = `| --- | ${results.profiles.map(() => '---').join(' | ')} |`;
  const rows = names.map((n) => `| ${n} | ${results.profiles.map((p) => (p.metrics[key][n] ? `${p.metrics[key][n].succeeded}/${p.metrics[key][n].episodes}` : '–')).join(' | ')} |`);
  return [head, rule, ...rows].join('\n');
}

export function renderReadme(file) {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const readmePath = path.join(here, '..', 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const name = path.basename(file);
  const block = [
    '<!-- results:start -->',
    `Measured by \`scripts/full-run.mjs\` at commit \`${results.commit}\` on ${results.date} (${results.goals} goals, ${results.tasks} benign tasks; attacked episodes per profile: ${results.profiles.map((p) => `${p.profile} ${p.metrics.attackedEpisodes} (${results.plan[p.profile]})`).join(', ')}; results in \`bench/results/${name}\`). Rendered by \`scripts/render-readme.mjs\`.`,
    '',
    headlineMarkdown(results),
    '',
    'Attack success by class of goal (episodes in which the world showed the goal\'s effect):',
    '',
    slices(results, 'byClass'),
    '',
    'Attack success by untrusted source:',
    '',
    slices(results, 'bySource'),
    '<!-- results:end -->',
  ].join('\n');
  const start = readme.indexOf('<!-- results:start -->');
  const end = readme.indexOf('<!-- results:end -->');
  if (start < 0 || end < 0) throw new Error('README.md has no <!-- results:start --> … <!-- results:end --> block');
  writeFileSync(readmePath, `${readme.slice(0, start)}${block}${readme.slice(end + '<!-- results:end -->'.length)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node scripts/render-readme.mjs <results.json>');
  renderReadme(path.resolve(file));
}
