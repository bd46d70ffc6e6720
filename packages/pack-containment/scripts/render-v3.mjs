// Renders the containment v3 tables from a results file (no figure typed by hand) and puts them
// between <!-- v3:start --> and <!-- v3:end --> in the README:
//   node scripts/render-v3.mjs ../../bench/results/containment-v3-<date>-<commit>.json [block]
// (block `v3` by default; `v3full` for the full-plan block)
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const CLASSES = ['ordinary', 'runs-later', 'instructs-agents', 'credentials', 'outside', 'egress', 'destructive'];
const pct = (x) => `${(x * 100).toFixed(1)}%`;
const mean = (xs) => (xs.length === 0 ? 0 : Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100);

/**
 * Questions a person would answer per benign episode: asks minus automatic approvals. Results files
 * written before `autoApproved` existed lack it; there every approval of the `yes` profile is
 * automatic and no other profile's is, so it is derived from `approved`.
 */
function personAsks(profile, episodes) {
  return mean(episodes.map((e) => e.asks - (e.autoApproved ?? (profile === 'yes' ? e.approved : 0))));
}
const asksCell = (profile, episodes, asks) => `${asks} (${personAsks(profile, episodes)} for a person)`;

function headline(results) {
  const base = results.profiles.find((p) => p.profile === 'ungoverned')?.metrics;
  const rows = results.profiles.map(({ profile, metrics: m }) => {
    const vs = base && base.utility > 0 ? pct(m.utility / base.utility) : '–';
    const benign = results.profiles.find((p) => p.profile === profile).benign;
    return `| \`${profile}\` | ${results.plan[profile] ?? results.plan} | ${m.benignSolved}/${m.benignTasks} (${pct(m.utility)}) | ${vs} | ${m.attacksSucceeded}/${m.attackedEpisodes} (${pct(m.attackSuccessRate)}, ≤ ${pct(m.asrUpper95)}) | ${asksCell(profile, benign, m.asksPerTask)} | ${m.episodeErrors} |`;
  });
  return ['| profile | plan | utility (benign set) | vs ungoverned | attack success (95% upper bound) | asks per benign task (of which for a person) | episode errors |', '| --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n');
}

function byClass(results) {
  const base = results.profiles.find((p) => p.profile === 'ungoverned')?.metrics;
  const head = `| effect class | ${results.profiles.map((p) => `\`${p.profile}\`: utility · ASR (≤ 95% bound) · asks/task`).join(' | ')} |`;
  const rule = `| --- | ${results.profiles.map(() => '---').join(' | ')} |`;
  const rows = CLASSES.map((c) => {
    const cells = results.profiles.map(({ profile, metrics: m, benign }) => {
      const b = m.benignByClass?.[c];
      const bb = base?.benignByClass?.[c];
      const utility = b ? `${b.solved}/${b.tasks}${bb && bb.solved > 0 ? ` (${pct(b.solved / bb.solved)} of ungov.)` : ''}` : 'no task';
      const a = m.byClass[c];
      const asr = a ? `${a.succeeded}/${a.episodes} (≤ ${pct(a.asrUpper95)})` : '–';
      return `${utility} · ${asr} · ${b ? asksCell(profile, benign.filter((e) => e.taskClass === c), b.asksPerTask) : '–'}`;
    });
    return `| ${c} | ${cells.join(' | ')} |`;
  });
  return [head, rule, ...rows].join('\n');
}

function benignBy(results, key, name) {
  const names = [...new Set(results.profiles.flatMap((p) => Object.keys(p.metrics[key] ?? {})))].sort();
  const head = `| ${name} | ${results.profiles.map((p) => `\`${p.profile}\` utility (asks/task)`).join(' | ')} |`;
  const rule = `| --- | ${results.profiles.map(() => '---').join(' | ')} |`;
  const rows = names.map((n) => `| ${n} | ${results.profiles.map((p) => { const s = p.metrics[key]?.[n]; return s ? `${s.solved}/${s.tasks} (${s.asksPerTask})` : '–'; }).join(' | ')} |`);
  // asks per task in parentheses (every ask, automatic or not)
  return [head, rule, ...rows].join('\n');
}

function failedTasks(results) {
  return results.profiles
    .map((p) => {
      const failed = [...new Set(p.benign.filter((e) => !e.utility).map((e) => e.task.split('@')[0]))];
      return `- \`${p.profile}\`: ${failed.length === 0 ? 'none' : failed.join(', ')}`;
    })
    .join('\n');
}

/** The v3 tables of a results object, Markdown. */
export function v3Tables(results, name) {
  return [
    `Measured by \`scripts/v3-run.mjs\` at commit \`${results.commit}\` on ${results.date}${results.label ? ` — **${results.label}**` : ''}: ${results.goals} goals, ${results.tasks} benign episodes (18 tasks × en/es/fr/hi), attacked episodes per profile: ${results.profiles.map((p) => `${p.profile} ${p.metrics.attackedEpisodes} (${results.plan[p.profile] ?? results.plan})`).join(', ')}; ${results.episodes} episodes in ${results.seconds} s (${results.episodesPerSecond} episodes/s, concurrency ${results.concurrency}); the bound is the ${results.bound}; results in \`bench/results/${name}\`. Rendered by \`scripts/render-v3.mjs\`.`,
    '',
    headline(results),
    '',
    'By effect class (utility: the benign tasks whose own change is of that class; ASR: the goals after that class):',
    '',
    byClass(results),
    '',
    'Benign tasks by language and by whether their words name a file:',
    '',
    benignBy(results, 'benignByLanguage', 'language'),
    '',
    benignBy(results, 'benignByNaming', 'task words'),
    '',
    'Benign tasks not solved (any language):',
    '',
    failedTasks(results),
  ].join('\n');
}

/** Replaces the README's `<!-- <block>:start -->` … `<!-- <block>:end -->` (default `v3`) with the tables of `file`. */
export function renderV3Readme(file, block = 'v3') {
  const results = JSON.parse(readFileSync(file, 'utf8'));
  const readmePath = path.join(here, '..', 'README.md');
  const readme = readFileSync(readmePath, 'utf8');
  const open = `<!-- ${block}:start -->`;
  const close = `<!-- ${block}:end -->`;
  const start = readme.indexOf(open);
  const end = readme.indexOf(close);
  if (start < 0 || end < 0) throw new Error(`README.md has no ${open} … ${close} block`);
  writeFileSync(readmePath, `${readme.slice(0, start)}${open}\n${v3Tables(results, path.basename(file))}\n${close}${readme.slice(end + close.length)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const file = process.argv[2];
  if (!file) throw new Error('usage: node scripts/render-v3.mjs <results.json> [block]');
  renderV3Readme(path.resolve(file), process.argv[3] ?? 'v3');
}
