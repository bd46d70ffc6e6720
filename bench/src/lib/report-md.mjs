// Renders a results document as the Markdown table in results/latest.md.
import { evaluateTargets, suiteOf } from '../targets.mjs';

const GROUP_TITLES = {
  providers: 'Providers (transport, SSE parser, vendor adapters)',
  tools: 'Tools (path jail, list_files, grep)',
  governance: 'Governance (gate, redaction)',
  sessions: 'Sessions (append, resume, list per store)',
  evidence: 'Evidence (validation, reports, soak)',
  cli: 'CLI (as a process)',
  coldstart: 'Cold start of a one-step script (fresh process: import, one streamed model call, exit)',
  harness_sessions: 'Many harness sessions in one process',
  import: 'Import time of each package alone',
  size: 'Packed size (npm pack --dry-run: dist + source maps + README)',
  footprint: 'Install footprint',
};

const fmt = (v) => {
  if (typeof v !== 'number' || !Number.isFinite(v)) return String(v ?? '—');
  if (Number.isInteger(v)) return String(v);
  const a = Math.abs(v);
  return a >= 100 ? v.toFixed(0) : a >= 10 ? v.toFixed(1) : a >= 1 ? v.toFixed(2) : v.toFixed(3);
};
const range = (f) => (f.n > 1 ? `${fmt(f.min)}–${fmt(f.max)}` : '');
const cell = (s) => String(s).replace(/\|/g, '\\|');

function loopTable(figures, mode) {
  const rows = figures.filter((f) => f.group === 'loop' && f.mode === mode).sort((a, b) => a.median - b.median);
  if (rows.length === 0) return [];
  const cpuOf = (f) => figures.find((c) => c.group === 'loop-cpu' && c.driver === f.driver && c.mode === mode);
  const out = [
    `| framework | version | median ms/step | min–max | runs | ratio to bare undici | CPU ms/step | CPU ratio | to the floor (wall / CPU) |`,
    '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const f of rows) {
    const cpu = cpuOf(f);
    const floor = f.floorRatio !== undefined ? `${f.floorRatio.toFixed(2)}× / ${cpu?.floorRatio !== undefined ? `${cpu.floorRatio.toFixed(2)}×` : '—'}` : '';
    out.push(`| ${cell(f.framework)} | ${f.version ?? ''} | ${fmt(f.median)} | ${range(f)} | ${f.n} | **${f.ratio.toFixed(2)}×** | ${cpu ? fmt(cpu.median) : '—'} | ${cpu ? `${cpu.ratio.toFixed(2)}×` : '—'} | ${floor} |`);
  }
  return out;
}

function freshTable(figures, mode) {
  const rows = figures.filter((f) => f.group === 'loop-fresh' && f.mode === mode).sort((a, b) => a.median - b.median);
  if (rows.length === 0) return [];
  const out = ['| framework | median ms/step | min–max | runs | ratio | CPU ms/step | CPU ratio | process CPU ms (imports + run) |', '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |'];
  for (const f of rows) out.push(`| ${cell(f.framework)} | ${fmt(f.median)} | ${range(f)} | ${f.n} | **${f.ratio.toFixed(2)}×** | ${fmt(f.cpuMsPerStep)} | ${f.cpuRatio.toFixed(2)}× | ${fmt(f.processCpuMs)} |`);
  return out;
}

function genericTable(rows) {
  const out = ['| figure | median | min–max | n | unit |', '| --- | ---: | ---: | ---: | --- |'];
  for (const f of rows) {
    if (f.notMeasured) out.push(`| ${cell(f.label)} | not measured | | | ${cell(f.notMeasured)} |`);
    else out.push(`| ${cell(f.label)} | ${fmt(f.median)} | ${range(f)} | ${f.n} | ${f.unit}${f.ratio !== undefined ? ` (${fmt(f.ratio)}× bare)` : ''} |`);
  }
  return out;
}

export function renderMarkdown(doc) {
  const m = doc.meta;
  const figures = doc.figures;
  const lines = [
    `# Warden benchmark results`,
    '',
    `Run ${m.date} at \`${m.sha}\`${m.dirty ? ' (uncommitted changes in the tree)' : ''}, ${m.quick ? '**quick mode** (fewer rounds), ' : ''}suites: ${doc.suites.join(', ')}; took ${Math.round(doc.durationMs / 1000)} s.`,
    '',
    `Machine: ${m.cpu}, ${m.memoryGB} GB, ${m.platform}; Node ${m.node}. Load average at start ${m.loadAverageAtStart.join(' / ')}, at end ${(m.loadAverageAtEnd ?? []).join(' / ')} (1/5/15 min) — a shared machine, so absolute numbers are noisy; ratios from interleaved rounds are the figures to compare.`,
    '',
    `Versions: ${Object.entries(m.versions).map(([k, v]) => `${k} ${v}`).join(', ')}.`,
    '',
  ];
  const loop = figures.filter((f) => f.group === 'loop');
  const allTargets = evaluateTargets(figures);
  const summary = [];
  for (const mode of ['stream', 'no-stream']) {
    const rows = loop.filter((f) => f.mode === mode && ['warden', 'ai-sdk', 'openai-agents', 'langgraph'].includes(f.driver));
    const warden = rows.find((f) => f.driver === 'warden');
    const peers = rows.filter((f) => f.driver !== 'warden').sort((a, b) => a.ratio - b.ratio);
    if (warden && peers[0]) summary.push(`${mode}: Warden ${warden.ratio.toFixed(2)}× the bare undici loop, fastest peer ${peers[0].framework} ${peers[0].ratio.toFixed(2)}×`);
  }
  const count = (status) => allTargets.filter((t) => t.status === status && doc.suites.includes(suiteOf(t.id))).length;
  lines.push(`**Summary** — ${summary.length ? `${summary.join('; ')}. ` : ''}Targets: ${count('met')} met, ${count('missed')} missed, ${count('not measured')} not measured.`, '');
  if (loop.length) {
    const raw = doc.raw.loop ?? {};
    lines.push(`## The loop: ${raw.steps ?? 50}-step tool-calling runs on the same fake server`, '');
    lines.push(`One tool \`add(a, b)\`, ${(raw.steps ?? 50) - 1} tool calls then a final text; every driver in its own warm process, ${raw.rounds ?? '?'} interleaved rounds (the start rotating each round), ${raw.runsPerTurn ?? 1} run${(raw.runsPerTurn ?? 1) === 1 ? '' : 's'} per driver per round. Ratio = median ms/step ÷ the bare \`undici.request\` loop's median in the same mode.`, '');
    lines.push('CPU = the driver process\'s own CPU time (`process.cpuUsage`, user + system, its fsync threads included), the steadier figure on a shared machine. "To the floor" compares the full-harness rows with the bare loop that also makes 2 fdatasyncs per tool step (`bare-undici-floor`), in the same rounds.', '');
    for (const mode of ['stream', 'no-stream']) lines.push(`### ${mode}`, '', ...loopTable(figures, mode), '');
    for (const mode of ['stream', 'no-stream']) {
      const fresh = freshTable(figures, mode);
      if (fresh.length) lines.push(`### ${mode}, fresh process (the first run after the imports, cold JIT)`, '', ...fresh, '');
    }
    const mem = figures.filter((f) => f.group === 'memory' || f.group === 'listeners' || f.group === 'peakrss');
    lines.push('### Memory and listeners', '', ...genericTable(mem), '');
  }
  // A partial run lists only the targets of the suites it ran.
  const targets = evaluateTargets(figures).filter((t) => doc.suites.includes(suiteOf(t.id)));
  lines.push('## Targets', '', '| target | wanted | measured | status |', '| --- | --- | --- | --- |');
  for (const t of targets) {
    const wanted = t.kind === 'lowest-ratio' ? 'lowest ratio' : t.kind === 'fastest-peer' ? '<= fastest peer' : `${t.op} ${t.value} ${t.unit}`;
    const measured = t.status === 'not measured' ? cell(t.reason) : typeof t.measured === 'number' ? `${fmt(t.measured)}${t.altMeasured !== undefined ? ` (CPU time: ${fmt(t.altMeasured)} ${t.altUnit})` : ''}` : cell(t.measured);
    lines.push(`| ${cell(t.what)} | ${wanted} | ${measured} | ${t.status === 'met' ? 'met' : t.status === 'missed' ? '**missed**' : 'not measured'} |`);
  }
  lines.push('');
  for (const [group, title] of Object.entries(GROUP_TITLES)) {
    const rows = figures.filter((f) => f.group === group || (!f.group && f.id.startsWith(`${group}.`)));
    if (rows.length) lines.push(`## ${title}`, '', ...genericTable(rows), '');
  }
  const missing = figures.filter((f) => f.notMeasured);
  if (missing.length) {
    lines.push('## Not measured', '');
    for (const f of missing) lines.push(`- ${f.label}: ${f.notMeasured}`);
    lines.push('');
  }
  lines.push('Raw runs: the JSON file of the same date and revision in this folder.', '');
  return lines.join('\n');
}
