// The targets from the issues, keyed by figure id. `field` says which number of the
// figure is compared (the median unless stated; loop targets compare the ratio to the
// bare undici.request loop). `alt` names a CPU-time figure shown beside a wall-clock one.
export const TARGETS = [
  { id: 'loop.warden.stream', field: 'ratio', op: '<=', value: 1.15, unit: '× bare undici', what: 'Warden loop per step vs bare undici.request, stream (issue 10, 3)' },
  { id: 'loop.warden.no-stream', field: 'ratio', op: '<=', value: 1.15, unit: '× bare undici', what: 'Warden loop per step vs bare undici.request, no-stream (issue 10, 3)' },
  { id: 'loop.warden-harness.stream', field: 'ratio', op: '<=', value: 1.5, unit: '× bare undici', what: 'full harness (gate, redaction, scope, durable JSONL session, audit) per step vs bare undici.request, stream (issue 15, 14)' },
  { id: 'loop.warden-harness.no-stream', field: 'ratio', op: '<=', value: 1.5, unit: '× bare undici', what: 'full harness per step vs bare undici.request, no-stream (issue 15, 14)' },
  { id: 'loop.warden.stream.cpu', field: 'ratio', op: '<=', value: 1.1, unit: '× bare undici (CPU)', what: 'Warden library loop (defineTool + zod) process CPU per step vs the bare loop, stream (issue 46)' },
  { id: 'loop.warden.no-stream.cpu', field: 'ratio', op: '<=', value: 1.1, unit: '× bare undici (CPU)', what: 'Warden library loop process CPU per step vs the bare loop, no-stream (issue 46)' },
  { id: 'loop.warden-harness.stream.cpu', field: 'floorRatio', op: '<=', value: 1.3, unit: '× the floor (CPU)', what: 'full harness, durable defaults, CPU per step vs the bare loop with 2 fdatasyncs per step, stream (issue 46)' },
  { id: 'loop.warden-harness.no-stream.cpu', field: 'floorRatio', op: '<=', value: 1.3, unit: '× the floor (CPU)', what: 'full harness CPU per step vs the floor, no-stream (issue 46)' },
  { id: 'loop.warden-harness.stream', field: 'floorRatio', op: '<=', value: 1.3, unit: '× the floor', what: 'full harness wall time per step vs the floor, stream (issue 46)' },
  { id: 'loop.tracing.stream.cpu', op: '<=', value: 1.05, unit: '× harness (CPU)', what: 'tracing on (OpenTelemetry, no exporter) CPU per step vs tracing off, stream (issue 46)' },
  { id: 'loop.lowest.stream', kind: 'lowest-ratio', mode: 'stream', what: 'Warden has the lowest ratio of all frameworks, stream (issue 10)' },
  { id: 'loop.lowest.no-stream', kind: 'lowest-ratio', mode: 'no-stream', what: 'Warden has the lowest ratio of all frameworks, no-stream (issue 10)' },
  { id: 'memory.warden.stream', op: '<=', value: 10, unit: 'MB', what: 'RSS growth over 1,000 steps (20 runs × 50), stream (issue 10, 3)' },
  { id: 'memory.warden.no-stream', op: '<=', value: 10, unit: 'MB', what: 'RSS growth over 1,000 steps (20 runs × 50), no-stream (issue 10, 3)' },
  { id: 'harness_sessions.rss_rest', op: '<=', value: 10, unit: 'MB', what: 'full harness: RSS flat from session 1,000 to 10,000 in one process (issue 15)' },
  { id: 'listeners.warden', op: '<=', value: 0, unit: 'warnings', what: 'no MaxListenersExceededWarning in a long run (issue 3)' },
  { id: 'coldstart.fastest-peer', kind: 'fastest-peer', what: 'a one-step script (import, one streamed model call, exit) starts no slower than the fastest peer in the same rounds (issue 15)' },
  { id: 'cli.version', op: '<=', value: 150, unit: 'ms', what: 'warden --version cold start (issue 10, 9)' },
  { id: 'cli.help', op: '<=', value: 250, unit: 'ms', what: 'warden --help cold start (issue 10, 9)' },
  { id: 'cli.first_request', op: '<=', value: 400, unit: 'ms', what: 'warden run to first model request (issue 10)' },
  { id: 'cli.run_step', op: '<=', value: 3, unit: 'ms/step', what: 'warden run --json, whole product, per step (issue 46)' },
  { id: 'import.@warden/protocol', op: '<=', value: 30, unit: 'ms', alt: 'import_cpu.@warden/protocol', what: 'import time of @warden/protocol alone (issue 10)' },
  { id: 'import.@warden/core', op: '<=', value: 60, unit: 'ms', alt: 'import_cpu.@warden/core', what: 'import time of @warden/core alone (issue 10)' },
  { id: 'size.core_protocol_providers', op: '<', value: 200, unit: 'KB', what: 'core + protocol + providers packed (issue 10)' },
  { id: 'providers.transport_overhead', op: '<', value: 0.2, unit: 'ms/request', what: 'transport overhead vs bare undici.request (issue 4)' },
  { id: 'providers.sse_parser', op: '>=', value: 50, unit: 'MB/s', what: 'SSE parser throughput (issue 4)' },
  { id: 'tools.jail_p50', op: '<', value: 50, unit: 'µs/call', what: 'the path jail adds under 50 µs per call (issue 5)' },
  { id: 'tools.list_files', op: '<', value: 1000, unit: 'ms', what: 'list_files on 50,000 files (issue 5)' },
  { id: 'sandbox.overhead', op: '<=', value: 20, unit: 'ms', alt: 'sandbox.child_cpu_overhead', what: 'OS sandbox start-up overhead per command, median (issue 25)' },
  { id: 'governance.gate_shell_p99', op: '<', value: 1, unit: 'ms', alt: 'governance.gate_shell_cpu_p99', what: 'gate p99 for commands under 1 KB (issue 6)' },
  { id: 'governance.redaction', op: '>=', value: 50, unit: 'MB/s', alt: 'governance.redaction_cpu', what: 'redaction throughput on 10 MB (issue 6)' },
  { id: 'sessions.jsonl-never.resume_10000', op: '<', value: 150, unit: 'ms', what: 'resume of a 10,000-message JSONL session (issue 7)' },
  { id: 'sessions.jsonl-batch.append_p99', op: '<', value: 2, unit: 'ms', what: "JSONL append p99 with fsync 'batch' (issue 7)" },
  { id: 'sessions.jsonl-always.append_p99', op: '<=', value: 2, unit: 'ms', alt: 'sessions.jsonl-always.append_cpu_p99', what: 'durable JSONL append p99 (issue 15)' },
  { id: 'sessions.jsonl-never.append_p50_at_10k', op: '<=', value: 0.15, unit: 'ms', what: 'JSONL append p50 after 10,000 appends: flat, not growing with the session (issue 15; 0.10 ms at 1k)' },
  { id: 'sessions.postgres.append_p50', op: '<', value: 2, unit: 'ms', what: 'PostgreSQL append p50 on loopback (issue 7)' },
  { id: 'evidence.validate', op: '<', value: 20, unit: 'ms', alt: 'evidence.validate_cpu', what: 'validation of a 65,536-node, 256 KiB evidence object (issue 8)' },
  { id: 'evidence.report_1000', op: '<', value: 2000, unit: 'ms', what: 'report generation for 1,000 cases (issue 8)' },
];

const PEERS = ['warden', 'ai-sdk', 'openai-agents', 'langgraph'];

/** The suite a figure id belongs to (figure ids start with their group). */
export function suiteOf(id) {
  const group = id.split('.')[0];
  return { memory: 'loop', listeners: 'loop', peakrss: 'loop', import: 'packages', import_cpu: 'packages', size: 'packages', footprint: 'packages', coldstart_cpu: 'coldstart', harness_sessions: 'harness-sessions' }[group] ?? group;
}

function compare(op, measured, value) {
  if (op === '<=') return measured <= value;
  if (op === '<') return measured < value;
  if (op === '>=') return measured >= value;
  return measured > value;
}

/** Evaluates every target against a list of figures: status met | missed | not measured. */
export function evaluateTargets(figures) {
  const byId = new Map(figures.map((f) => [f.id, f]));
  return TARGETS.map((t) => {
    if (t.kind === 'lowest-ratio') {
      const failed = byId.get('loop.failed');
      if (failed) return { ...t, status: 'not measured', reason: failed.notMeasured };
      const ratios = PEERS.map((p) => byId.get(`loop.${p}.${t.mode}`)).filter((f) => f && !f.notMeasured);
      const warden = ratios.find((f) => f.driver === 'warden');
      if (!warden || ratios.length < 2) return { ...t, status: 'not measured', reason: 'Warden or every peer missing from the loop results' };
      const best = ratios.reduce((a, b) => (b.ratio < a.ratio ? b : a));
      return { ...t, status: best.driver === 'warden' ? 'met' : 'missed', measured: `Warden ${warden.ratio}×; lowest: ${best.framework} ${best.ratio}×` };
    }
    if (t.kind === 'fastest-peer') return fastestPeer(t, byId);
    const f = byId.get(t.id);
    if (!f) {
      const failed = byId.get(`${suiteOf(t.id)}.failed`);
      return { ...t, status: 'not measured', reason: failed?.notMeasured ?? 'no such figure in this run' };
    }
    if (f.notMeasured) return { ...t, status: 'not measured', reason: f.notMeasured };
    const measured = t.field ? f[t.field] : f.median;
    const alt = t.alt ? byId.get(t.alt) : undefined;
    return { ...t, status: compare(t.op, measured, t.value) ? 'met' : 'missed', measured, altMeasured: alt?.median, altUnit: alt?.unit };
  });
}

const COLD_PEERS = ['ai-sdk', 'openai-agents', 'langgraph'];

function fastestPeer(t, byId) {
  const warden = byId.get('coldstart.warden');
  if (!warden || warden.notMeasured) return { ...t, status: 'not measured', reason: warden?.notMeasured ?? byId.get('coldstart.failed')?.notMeasured ?? 'no cold-start figures in this run' };
  const peers = COLD_PEERS.map((p) => byId.get(`coldstart.${p}`)).filter((f) => f && !f.notMeasured);
  if (peers.length === 0) return { ...t, status: 'not measured', reason: 'every peer failed to start' };
  const best = peers.reduce((a, b) => (b.median < a.median ? b : a));
  return { ...t, status: warden.median <= best.median ? 'met' : 'missed', measured: `Warden ${warden.median} ms; fastest peer ${best.label.split(': ').at(-1)} ${best.median} ms` };
}
