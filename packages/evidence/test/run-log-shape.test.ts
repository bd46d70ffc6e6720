import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { definePack, defineProbe } from '../src/index.js';
import { parseTargetFile, runProbes, validateTarget } from '../src/probes.js';
import { outputContains } from '../src/assertions.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

// The target answers each prompt with the run_log named by the prompt.
const AGENT = `
const LOGS = {
  'absent': undefined,
  'empty list': [],
  'event list': [{ type: 'tool_call', name: 'read_file' }, { type: 'run_end', status: 'done' }],
  'dry run': { events: [{ type: 'plan' }], is_dry_run: true },
  'live run': { events: [], is_dry_run: false },
  'string': 'step one, step two',
  'number': 42,
  'null': null,
  'list of strings': ['step'],
  'list with a list': [[{ type: 'x' }]],
  'list with null': [{ type: 'x' }, null],
  'object without is_dry_run': { events: [] },
  'object without events': { is_dry_run: true },
  'is_dry_run a string': { events: [], is_dry_run: 'yes' },
  'events not a list': { events: { type: 'x' }, is_dry_run: false },
  'extra key': { events: [], is_dry_run: false, notes: 'x' },
  'plain object': { type: 'run_end' },
};
export async function call(prompt) {
  const log = LOGS[prompt];
  return log === undefined ? { output: 'ok: ' + prompt } : { output: 'ok: ' + prompt, run_log: log };
}
`;

const VALID = ['absent', 'empty list', 'event list', 'dry run', 'live run'];
const INVALID = ['string', 'number', 'null', 'list of strings', 'list with a list', 'list with null', 'object without is_dry_run', 'object without events', 'is_dry_run a string', 'events not a list', 'extra key', 'plain object'];

async function targetIn(dir: string) {
  await writeFile(path.join(dir, 'agent.mjs'), AGENT);
  await writeFile(path.join(dir, 'target.json'), JSON.stringify({ kind: 'module', entry: 'agent.mjs:call', timeout_s: 5 }));
  return parseTargetFile({ kind: 'module', entry: 'agent.mjs:call', timeout_s: 5 }, path.join(dir, 'target.json'));
}

describe('a call\'s run_log is checked against the spec\'s two shapes', () => {
  it('accepts an event list and { events, is_dry_run }; anything else is evidence_invalid_run_log and contributes nothing', async () => {
    const dir = await tempDir();
    const target = await targetIn(dir);
    const turns = [...VALID, ...INVALID].map((prompt) => ({ prompt }));
    const probe = defineProbe({ id: 'p:logs', turns, assertions: [outputContains('ok: live run')] });
    const result = await runProbes({ target, packs: [definePack({ name: 'logs', probes: [probe] })], outDir: await tempDir(), runId: 'r', redact: identity });
    const calls = result.report.probes[0]!.calls;
    expect(calls.map((c) => [turns[c.index]!.prompt, c.status, c.error?.code])).toEqual([
      ...VALID.map((prompt) => [prompt, 'ok', undefined]),
      ...INVALID.map((prompt) => [prompt, 'invalid', 'evidence_invalid_run_log']),
    ]);
    // The valid logs are kept (compact JSON); an invalid call's output is not an observation.
    expect(calls[2]!.runLog).toBe('[{"type":"tool_call","name":"read_file"},{"type":"run_end","status":"done"}]');
    expect(calls[3]!.runLog).toBe('{"events":[{"type":"plan"}],"is_dry_run":true}');
    expect(result.report.probes[0]!.outputs).toEqual(VALID.map((prompt) => `ok: ${prompt}`));
  });

  it('a probe whose every call returned a malformed run_log is an error, never a pass', async () => {
    const dir = await tempDir();
    const target = await targetIn(dir);
    // The assertion would pass on the output alone: the malformed log must stop that.
    const probe = defineProbe({ id: 'p:bad', turns: [{ prompt: 'list of strings' }, { prompt: 'extra key' }], assertions: [outputContains('ok')] });
    const result = await runProbes({ target, packs: [definePack({ name: 'logs', probes: [probe] })], outDir: await tempDir(), runId: 'r', redact: identity });
    expect(result.report.probes[0]).toMatchObject({ status: 'error', error: { code: 'evidence_no_contact' } });
    expect(result.exitCode).not.toBe(0);
  });

  it('validateTarget --execute reports a malformed run_log with its code', async () => {
    const dir = await tempDir();
    // The validation prompt is not in the table: answer it with a malformed log, then a good one.
    await writeFile(path.join(dir, 'bad.mjs'), 'export async function call() { return { output: "x", run_log: "free text" }; }');
    await writeFile(path.join(dir, 'good.mjs'), 'export async function call() { return { output: "x", run_log: { events: [], is_dry_run: true } }; }');
    await writeFile(path.join(dir, 'bad.json'), JSON.stringify({ kind: 'module', entry: 'bad.mjs:call', timeout_s: 5 }));
    await writeFile(path.join(dir, 'good.json'), JSON.stringify({ kind: 'module', entry: 'good.mjs:call', timeout_s: 5 }));
    expect(await validateTarget(path.join(dir, 'bad.json'), { execute: true })).toMatchObject({ ok: false, call: { status: 'invalid', code: 'evidence_invalid_run_log' } });
    expect(await validateTarget(path.join(dir, 'good.json'), { execute: true })).toMatchObject({ ok: true, call: { status: 'ok' } });
  });
});
