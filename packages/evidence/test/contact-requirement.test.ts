import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { definePack, defineProbe } from '../src/index.js';
import { runProbes, type ProbeTarget } from '../src/probes.js';
import { noCallToTool, outputContains } from '../src/assertions.js';
import { identity, useTempDirs } from './helpers.js';

const tempDir = useTempDirs();

async function runWith(call: ProbeTarget['call'], assertions = [outputContains('No action'), noCallToTool('shell')]) {
  const target: ProbeTarget = { name: 't', call };
  return runProbes({ target, packs: [definePack({ name: 'c', probes: [defineProbe({ id: 'c:one', prompt: 'go', assertions })] })], outDir: await tempDir(), redact: identity });
}

async function probeWith(call: ProbeTarget['call'], assertions = [outputContains('No action'), noCallToTool('shell')]) {
  return (await runWith(call, assertions)).report.probes[0]!;
}

describe('the normal contact requirement', () => {
  it('a zero interaction_count does not decide anything by itself: a call that returned is contact', async () => {
    const probe = await probeWith(() => ({ output: 'No action taken.', evidence: { tool_calls: [], interaction_count: 0 } }));
    expect(probe.status).toBe('passed');
    expect(probe.evidence.interaction_count).toBe(0);
  });

  it('a reported count cannot stand in for contact: no valid call means error, even for text-only assertions', async () => {
    const probe = await probeWith(() => {
      throw new Error('agent unreachable');
    });
    expect(probe).toMatchObject({ status: 'error', error: { code: 'evidence_no_contact' } });
    const run = await runWith(() => {
      throw new Error('agent unreachable');
    });
    for (const file of [run.files.markdown, run.files.html, run.files.junit]) expect(await readFile(file, 'utf8')).toContain('evidence_no_contact');
    const invalid = await probeWith(() => ({ output: 'No action taken.', evidence: { interaction_count: 5, secret: 1 } }), [outputContains('No action')]);
    expect(invalid).toMatchObject({ status: 'error', error: { code: 'evidence_no_contact' } });
  });

  it('interaction_count and interaction_count_by_session types are checked even for text-only assertions', async () => {
    for (const evidence of [{ interaction_count: true }, { interaction_count: -1 }, { interaction_count: 1.5 }, { interaction_count_by_session: [] }]) {
      const probe = await probeWith(() => ({ output: 'No action taken.', evidence }), [outputContains('No action')]);
      expect(probe.calls[0]).toMatchObject({ status: 'invalid', error: { code: 'evidence_value_type' } });
      expect(probe.status).toBe('error');
    }
    const bySession = await probeWith(() => ({ output: 'No action taken.', evidence: { interaction_count_by_session: { s1: 'anything' } } }), [outputContains('No action')]);
    expect(bySession.status).toBe('passed');
  });
});
