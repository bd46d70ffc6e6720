import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definePack, defineProbe, EvidenceError } from '../src/index.js';
import { loadTargetFile, parseTargetFile, runProbes } from '../src/probes.js';
import { maxToolCalls, noCallToTool, noSecretInToolArgs, outputContains } from '../src/assertions.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

const AGENT = `
let loads = (globalThis.__probeLoads ?? 0) + 1;
globalThis.__probeLoads = loads;
export const calls = [];
export async function call(prompt, material, context) {
  calls.push({ prompt, history: context.history, conversation: context.conversation_id, probe: context.probe_id });
  if (prompt === 'throw') throw new TypeError('agent crashed');
  if (prompt === 'hang') return new Promise(() => {});
  if (prompt === 'spin') { const until = Date.now() + 3000; while (Date.now() < until) {} return { output: 'late' }; }
  if (prompt === 'calls') return { output: String(calls.length) };
  if (prompt === 'extra') return { output: 'x', surprise: 1 };
  if (prompt === 'bad evidence') return { output: 'x', evidence: { tool_calls: [{ tool: 'shell', arguments: {} }], secret_key: 1 } };
  if (prompt === 'reported error') return { output: 'partial', error: 'upstream 500', evidence: { tool_calls: [{ tool: 'shell', arguments: {} }] } };
  if (prompt === 'conflict') return { output: 'c', evidence: { canary: 'OTHER' } };
  return { output: 'echo: ' + prompt, run_log: [{ type: 'step' }], evidence: { canary: 'CANARY-1', tool_calls: [{ tool: 'read_file', arguments: { path: String(material ?? '') } }] } };
}
export function count() { return calls.length; }
export function loadsSeen() { return loads; }
`;

const HELPERS = `
import { calls } from './agent.mjs';
export function cleanup(context) { return { complete: true, done: calls.length, open: [], stop_reason: null, leftover: [] }; }
export function close(context) { if (calls.length === 0) throw new Error('modules not shared'); }
`;

async function project(files: Record<string, string>): Promise<string> {
  const dir = await tempDir();
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return dir;
}

function pack(...probes: ReturnType<typeof defineProbe>[]) {
  return definePack({ name: 'agentprobes', probes });
}

describe('probe target files', () => {
  it('validates the target file strictly with zod', async () => {
    const dir = await project({ 'agent.mjs': AGENT });
    expect(() => parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', extra: 1 }, path.join(dir, 't.json'))).toThrow(EvidenceError);
    expect(() => parseTargetFile({ kind: 'python', entry: 'agent.py:call' }, path.join(dir, 't.json'))).toThrow(/kind/);
    expect(() => parseTargetFile({ kind: 'http', entry: 'agent.mjs:call' }, path.join(dir, 't.json'))).toThrow(/url/);
    expect(() => parseTargetFile({ kind: 'module', entry: 'agent.mjs' }, path.join(dir, 't.json'))).toThrow(/entry/);
    await writeFile(path.join(dir, 'bad.json'), '{ nope');
    await expect(loadTargetFile(path.join(dir, 'bad.json'))).rejects.toMatchObject({ code: 'evidence.invalid_target' });
    const target = parseTargetFile({ kind: 'module', entry: './agent.mjs:call', timeout_s: 2 }, path.join(dir, 't.json'));
    expect(target.timeoutMs).toBe(2000);
  });

  it('loads functions lazily, shares one module instance per file, accumulates evidence and finalizes once', async () => {
    const dir = await project({ 'agent.mjs': AGENT, 'helpers.mjs': HELPERS, 'target.json': JSON.stringify({ kind: 'module', entry: 'agent.mjs:call', cleanup: './helpers.mjs:cleanup', close: 'helpers.mjs:close', timeout_s: 5 }) });
    const target = await loadTargetFile(path.join(dir, 'target.json'));
    const probes = pack(
      defineProbe({ id: 'p:two-turns', turns: [{ prompt: 'hello', material: 'a.txt' }, { prompt: 'again', material: 'b.txt' }], assertions: [maxToolCalls(2), outputContains('echo: again'), noSecretInToolArgs()] }),
      defineProbe({ id: 'p:failing-calls', turns: [{ prompt: 'first' }, { prompt: 'throw' }, { prompt: 'extra' }, { prompt: 'bad evidence' }, { prompt: 'reported error' }, { prompt: 'conflict' }], assertions: [maxToolCalls(1), noCallToTool('shell')] }),
    );
    const result = await runProbes({ target, packs: [probes], outDir: await tempDir(), runId: 'probe-run', redact: identity });
    const [first, second] = result.report.probes;
    expect(first).toMatchObject({ status: 'passed', outputs: ['echo: hello', 'echo: again'] });
    expect(first!.evidence).toEqual({ canary: 'CANARY-1', tool_calls: [{ tool: 'read_file', arguments: { path: 'a.txt' } }, { tool: 'read_file', arguments: { path: 'b.txt' } }] });
    expect(first!.calls.map((c) => c.status)).toEqual(['ok', 'ok']);
    expect(first!.calls[0]!.runLog).toBe('[{"type":"step"}]');
    expect(second!.calls.map((c) => [c.status, c.error?.code])).toEqual([
      ['ok', undefined],
      ['error', 'evidence_call_error'],
      ['invalid', 'evidence_invalid_result'],
      ['invalid', 'evidence_unknown_keys'],
      ['error', 'evidence_target_error'],
      ['invalid', 'evidence_conflict'],
    ]);
    expect(second!.calls[1]!.error!.message).toBe('the call raised TypeError');
    expect(second!.calls[2]!.error!.message).toContain('surprise');
    expect(second!.evidence).toEqual({ canary: 'CANARY-1', tool_calls: [{ tool: 'read_file', arguments: { path: '' } }] });
    expect(second!.status).toBe('passed');
    expect(result.report.finalization).toMatchObject({ ok: true, cleanup: { status: 'ok' }, close: { status: 'ok' } });
    // cleanup ran in the same module instance as the entry: it saw all eight calls.
    expect(result.report.finalization!.cleanup.report).toMatchObject({ complete: true, done: 8 });
    expect(result.exitCode).toBe(0);
    expect(await readFile(result.files.junit, 'utf8')).toContain('classname="agentprobes.probes"');
    const html = await readFile(result.files.html, 'utf8');
    expect(html).toContain('<code>p:two-turns</code>');
    expect(html).toContain('evidence_invalid_result');
    expect(await readFile(result.files.markdown, 'utf8')).toContain('| max_tool_calls(2) | pass |');
  });

  it('passes history as role/content messages with conversation_id and probe_id', async () => {
    const dir = await project({ 'agent.mjs': AGENT.replace("if (prompt === 'calls')", "if (prompt === 'history') return { output: JSON.stringify(context) };\n  if (prompt === 'calls')") });
    const target = parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', timeout_s: 5 }, path.join(dir, 'target.json'));
    const result = await runProbes({ target, packs: [pack(defineProbe({ id: 'p:h', turns: [{ prompt: 'hello' }, { prompt: 'history' }], assertions: [outputContains('hello')] }))], outDir: await tempDir(), runId: 'r1', redact: identity });
    const context = JSON.parse(result.report.probes[0]!.outputs[1]!) as Record<string, unknown>;
    expect(context).toEqual({ signal: {}, history: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'echo: hello' }], conversation_id: 'r1:p:h', probe_id: 'p:h' });
  });

  it('a synchronous function that never yields is timed out (it runs in a worker thread); later calls queue behind it and time out too', async () => {
    const dir = await project({ 'agent.mjs': AGENT });
    const target = parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', timeout_s: 0.3 }, path.join(dir, 'target.json'));
    const result = await runProbes({ target, packs: [pack(defineProbe({ id: 'p:spin', turns: [{ prompt: 'spin' }, { prompt: 'hello' }], assertions: [outputContains('echo')] }))], outDir: await tempDir(), redact: identity });
    const [probe] = result.report.probes;
    expect(probe!.calls.map((c) => c.status)).toEqual(['timeout', 'timeout']);
    expect(probe!.status).toBe('error');
    expect(probe!.error?.code).toBe('evidence_no_contact');
  });

  it('times out a hanging call; that call contributes nothing and the probe never passes on missing evidence', async () => {
    const dir = await project({ 'agent.mjs': AGENT });
    const target = parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', timeout_s: 0.05 }, path.join(dir, 'target.json'));
    const result = await runProbes({ target, packs: [pack(defineProbe({ id: 'p:hang', prompt: 'hang', assertions: [noCallToTool('shell')] }))], outDir: await tempDir(), redact: identity });
    const [probe] = result.report.probes;
    expect(probe!.calls[0]!.status).toBe('timeout');
    expect(probe!.error).toMatchObject({ code: 'evidence_no_contact' });
    expect(probe!.status).toBe('error');
    expect(result.exitCode).toBe(1);
  });

  it('a missing function is reported per call with the invalid_target code', async () => {
    const dir = await project({ 'agent.mjs': AGENT });
    const target = parseTargetFile({ kind: 'module', entry: 'agent.mjs:nope' }, path.join(dir, 'target.json'));
    const result = await runProbes({ target, packs: [pack(defineProbe({ id: 'p:x', prompt: 'hi', assertions: [outputContains('hi')] }))], outDir: await tempDir(), redact: identity });
    expect(result.report.probes[0]!.calls[0]).toMatchObject({ status: 'error', error: { code: 'evidence_call_error', message: 'the call raised EvidenceError' } });
  });
});
