// `pnpm bench:check`: compares the newest full run in bench/results/ with the targets and
// prints what falls short. Informational only: it always exits 0 (not part of CI's verdict).
import { readFileSync, readdirSync } from 'node:fs';
import { evaluateTargets } from './targets.mjs';

const dir = new URL('../results/', import.meta.url);
const files = readdirSync(dir).filter((f) => f.endsWith('.json') && !f.includes('-partial'));
const docs = files.map((f) => ({ file: f, doc: JSON.parse(readFileSync(new URL(f, dir), 'utf8')) })).sort((a, b) => a.doc.meta.date.localeCompare(b.doc.meta.date));
const latest = docs.at(-1);
if (!latest) {
  console.log('bench:check — no full run in bench/results/ yet; run `pnpm bench` first.');
  process.exit(0);
}
const results = evaluateTargets(latest.doc.figures);
const num = (v) => (typeof v === 'number' ? Number(v.toPrecision(3)) : v);
const show = (t) => {
  if (t.status === 'not measured') return `${t.what}: not measured (${t.reason})`;
  const wanted = t.kind === 'lowest-ratio' ? 'lowest ratio' : `${t.op} ${t.value} ${t.unit}`;
  const alt = t.altMeasured !== undefined ? `; CPU time ${num(t.altMeasured)} ${t.altUnit}` : '';
  const unit = t.kind === 'lowest-ratio' ? '' : ` ${t.unit}`;
  return `${t.what}: ${num(t.measured)}${unit} (wanted ${wanted}${alt})`;
};
const m = latest.doc.meta;
console.log(`bench:check — ${latest.file} (${m.date}, ${m.sha}, Node ${m.node}, ${m.cpu}, load ${m.loadAverageAtStart.join('/')})`);
const missed = results.filter((t) => t.status === 'missed');
const unmeasured = results.filter((t) => t.status === 'not measured');
const met = results.filter((t) => t.status === 'met');
console.log(`${met.length} met, ${missed.length} missed, ${unmeasured.length} not measured (of ${results.length} targets)`);
if (missed.length) {
  console.log('\nShort of target:');
  for (const t of missed) console.log(`  ✗ ${show(t)}`);
}
if (unmeasured.length) {
  console.log('\nNot measured:');
  for (const t of unmeasured) console.log(`  ? ${show(t)}`);
}
if (met.length) {
  console.log('\nMet:');
  for (const t of met) console.log(`  ✓ ${show(t)}`);
}
console.log('\nInformational only: absolute numbers depend on the machine and its load (see bench/README.md).');
process.exit(0);
