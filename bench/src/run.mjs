// The bench runner: `node src/run.mjs [--only loop,providers,...] [--drivers warden,ai-sdk] [--quick] [--save]`.
// A full run (no --only, no --quick) writes results/<date>-<sha>.json and results/latest.md;
// a partial or quick run prints its table and writes nothing unless --save is given.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { describeMachine } from './lib/machine.mjs';
import { renderMarkdown } from './lib/report-md.mjs';
import { runCliSuite } from './suites/cli.mjs';
import { runColdStartSuite } from './suites/cold-start.mjs';
import { runEvidenceSuite } from './suites/evidence.mjs';
import { runGovernanceSuite } from './suites/governance.mjs';
import { runHarnessSessionsSuite } from './suites/harness-sessions.mjs';
import { runLoopSuite } from './suites/loop.mjs';
import { runPackagesSuite } from './suites/packages.mjs';
import { runProvidersSuite } from './suites/providers.mjs';
import { runSandboxSuite } from './suites/sandbox.mjs';
import { runSessionsSuite } from './suites/sessions.mjs';
import { runToolsSuite } from './suites/tools.mjs';
import { notMeasured } from './lib/figure.mjs';

const SUITES = {
  loop: runLoopSuite,
  providers: runProvidersSuite,
  tools: runToolsSuite,
  sandbox: runSandboxSuite,
  governance: runGovernanceSuite,
  sessions: runSessionsSuite,
  evidence: runEvidenceSuite,
  cli: runCliSuite,
  coldstart: runColdStartSuite,
  packages: runPackagesSuite,
  'harness-sessions': runHarnessSessionsSuite,
};

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    drivers: { type: 'string' },
    stores: { type: 'string' },
    quick: { type: 'boolean', default: false },
    save: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});

if (args.help) {
  console.log(`node src/run.mjs [--only ${Object.keys(SUITES).join(',')}] [--drivers ids] [--stores prefixes] [--quick] [--save]`);
  process.exit(0);
}

const names = args.only ? args.only.split(',').map((s) => s.trim()) : Object.keys(SUITES);
for (const n of names) if (!SUITES[n]) throw new Error(`unknown suite ${n}; known: ${Object.keys(SUITES).join(', ')}`);
const log = (msg) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}] ${msg}`);

const meta = { ...describeMachine(), quick: args.quick };
const started = Date.now();
const figures = [];
const raw = {};
for (const name of names) {
  log(`suite ${name}`);
  const options = { quick: args.quick, log };
  if (name === 'loop' && args.drivers) options.only = args.drivers.split(',');
  if (name === 'sessions' && args.stores) options.only = args.stores.split(',');
  try {
    const result = await SUITES[name](options);
    figures.push(...result.figures);
    raw[name] = result.raw;
  } catch (error) {
    log(`suite ${name} failed: ${error?.stack ?? error}`);
    figures.push(notMeasured(`${name}.failed`, `suite ${name}`, '', `the suite failed: ${String(error?.message ?? error).slice(0, 300)}`));
  }
}
meta.loadAverageAtEnd = os.loadavg().map((v) => Math.round(v * 100) / 100);
const doc = { meta, suites: names, durationMs: Date.now() - started, figures, raw };
const markdown = renderMarkdown(doc);
const full = !args.only && !args.quick;
if (full || args.save) {
  const dir = new URL('../results/', import.meta.url);
  mkdirSync(dir, { recursive: true });
  // A partial run names its suites, and never overwrites an earlier run of the same revision:
  // two partial runs at one commit (say loop, then cli) must both stay citable.
  const base = `${meta.date.slice(0, 10)}-${meta.sha}${full ? '' : `-partial-${names.join('+')}`}`;
  let stem = base;
  for (let n = 2; !full && existsSync(new URL(`${stem}.json`, dir)); n += 1) stem = `${base}-${n}`;
  const file = new URL(`${stem}.json`, dir);
  writeFileSync(file, `${JSON.stringify(doc, null, 1)}\n`);
  writeFileSync(full ? new URL('latest.md', dir) : new URL(`${stem}.md`, dir), markdown);
  log(`wrote ${file.pathname} and its tables (${full ? 'results/latest.md' : `${stem}.md`})`);
}
console.log(markdown);
