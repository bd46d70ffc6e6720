import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateTarget } from '../src/probes.js';
import { useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

const AGENT = `
let calls = 0;
export function call(prompt, material, context) { calls++; return { output: 'No action taken.', evidence: { tool_calls: [], interaction_count: 1 } }; }
export function badCall() { return { output: 1 }; }
export function cleanup(context) { return { complete: true, done: calls, open: [], stop_reason: null, leftover: [] }; }
export function leaky(context) { return { complete: true, done: calls, open: ['session-1'], stop_reason: null, leftover: ['/tmp/x'] }; }
export function close(context) {}
`;

async function targetFile(config: Record<string, unknown>): Promise<string> {
  const dir = await tempDir();
  await writeFile(path.join(dir, 'agent.mjs'), AGENT);
  const file = path.join(dir, 'target.json');
  await writeFile(file, JSON.stringify({ kind: 'module', timeout_s: 10, ...config }));
  return file;
}

describe('validateTarget', () => {
  it('loads the entry and hooks without calling them', async () => {
    expect(await validateTarget(await targetFile({ entry: 'agent.mjs:call', cleanup: 'agent.mjs:cleanup', close: 'agent.mjs:close' }))).toEqual({ ok: true, problems: [] });
    const missing = await validateTarget(await targetFile({ entry: 'agent.mjs:call', cleanup: 'agent.mjs:nope' }));
    expect(missing.ok).toBe(false);
    expect(missing.problems[0]!.code).toBe('evidence.invalid_target');
    const broken = await validateTarget(await targetFile({ entry: 'agent.mjs' }));
    expect(broken.problems[0]!.code).toBe('evidence.invalid_target');
  });

  it('--execute makes one call and finalizes: the spec example passes', async () => {
    const result = await validateTarget(await targetFile({ entry: 'agent.mjs:call', cleanup: 'agent.mjs:cleanup', close: 'agent.mjs:close' }), { execute: true });
    expect(result).toMatchObject({ ok: true, problems: [], call: { status: 'ok' }, finalization: { ok: true, cleanup: { status: 'ok', report: { done: 1 } } } });
  });

  it('--execute reports an error when final cleanup has open records or leftovers', async () => {
    const result = await validateTarget(await targetFile({ entry: 'agent.mjs:call', cleanup: 'agent.mjs:leaky' }), { execute: true });
    expect(result.ok).toBe(false);
    expect(result.problems.map((p) => p.code)).toEqual(['evidence.target_finalize_failed']);
    expect(result.problems[0]!.message).toContain('1 open record(s) and 1 leftover(s)');
  });

  it('--execute reports an invalid result', async () => {
    const result = await validateTarget(await targetFile({ entry: 'agent.mjs:badCall' }), { execute: true });
    expect(result).toMatchObject({ ok: false, call: { status: 'invalid', code: 'evidence_invalid_result' } });
  });
});
