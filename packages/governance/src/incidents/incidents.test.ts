import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit-log.js';
import { jsonlAuditSink } from '../audit/audit-sinks.js';
import { verifyAudit } from '../audit/verify-audit.js';
import { BUILTIN_PACKS } from '../declared/builtin-packs.js';
import { incidentTracker, nextDeadline, readIncidents } from './incidents.js';
import { applicableRegimes, REGULATOR_CLOCKS } from './regulator-clocks.js';

const root = mkdtempSync(join(tmpdir(), 'warden-incidents-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const detected = new Date('2026-03-02T10:00:00.000Z');
const lines = (file: string) => readFileSync(file, 'utf8').trim().split('\n');

describe('regulator clocks', () => {
  it('are dated, sourced data, one regime per law, each clock cited', () => {
    expect(REGULATOR_CLOCKS.reviewed).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(REGULATOR_CLOCKS.notice).toMatch(/not legal advice/);
    expect(REGULATOR_CLOCKS.regimes.map((r) => r.id)).toEqual(['gdpr', 'dora', 'eu-ai-act', 'nis2']);
    for (const regime of REGULATOR_CLOCKS.regimes) {
      expect(regime.source).toMatch(/^https:\/\/eur-lex\.europa\.eu\//);
      for (const pack of regime.packs) expect(BUILTIN_PACKS).toContain(pack);
    }
  });

  it('apply by pack; NIS2 only when named', () => {
    expect(applicableRegimes(['gdpr']).map((r) => r.id)).toEqual(['gdpr']);
    expect(applicableRegimes(['owasp-agentic']).map((r) => r.id)).toEqual([]);
    expect(applicableRegimes(['gdpr'], ['nis2']).map((r) => r.id)).toEqual(['gdpr', 'nis2']);
  });
});

describe('incidentTracker', () => {
  it('opens once per cause, records the incident in a verifiable trail with every clock dated from detection', async () => {
    const file = join(root, 'trail.jsonl');
    const audit = auditLog({ sink: jsonlAuditSink(file), key: 'incident-key' });
    const tracker = incidentTracker({ audit, packs: ['gdpr', 'dora', 'eu-ai-act'], regimes: ['nis2'] });
    const first = await tracker.open({ cause: 'injection', runId: 'run-1', detectedAt: detected, conditions: ['personal_data', 'serious'], detail: { tool: 'web_fetch' } });
    expect(first).toBeDefined();
    expect(await tracker.open({ cause: 'injection', runId: 'run-1', detectedAt: new Date() })).toBeUndefined();
    expect(await tracker.open({ cause: 'injection', runId: 'run-2', detectedAt: detected })).toBeDefined();

    const due = Object.fromEntries(first!.deadlines.map((d) => [d.clock, d]));
    expect(due['gdpr-art-33']).toMatchObject({ applies: true, due: '2026-03-05T10:00:00.000Z', cite: 'Art. 33(1)' });
    expect(due['dora-initial-detected']).toMatchObject({ applies: false, due: '2026-03-03T10:00:00.000Z' });
    expect(due['dora-initial-classified']!.due).toBeUndefined();
    expect(due['dora-final']!.due).toBe('2026-04-06T10:00:00.000Z');
    expect(due['ai-act-art-73-2']).toMatchObject({ applies: true, due: '2026-03-17T10:00:00.000Z' });
    expect(due['ai-act-art-73-3']).toMatchObject({ applies: false, due: '2026-03-04T10:00:00.000Z' });
    expect(due['ai-act-art-73-4']!.due).toBe('2026-03-12T10:00:00.000Z');
    expect(due['nis2-early-warning']!.due).toBe('2026-03-03T10:00:00.000Z');
    expect(due['nis2-notification']!.due).toBe('2026-03-05T10:00:00.000Z');
    expect(due['nis2-final']!.due).toBe('2026-04-05T10:00:00.000Z');
    // The earliest clock that applies comes first; a possible one only when none applies.
    expect(nextDeadline(first!)?.clock).toBe('gdpr-art-33');

    expect((await verifyAudit(lines(file), 'incident-key')).ok).toBe(true);
    const read = readIncidents(lines(file));
    expect(read.open.map((i) => i.key)).toEqual(['injection:run-1', 'injection:run-2']);
    expect(read.open[0]).toEqual(first);
  });

  it('counts DORA\'s initial notification from classification when it is known', async () => {
    const audit = auditLog({ sink: jsonlAuditSink(join(root, 'dora.jsonl')) });
    const tracker = incidentTracker({ audit, packs: ['dora'] });
    const incident = await tracker.open({ cause: 'tool_breaker_open', key: 'payments-down', detectedAt: detected, classifiedAt: new Date('2026-03-02T12:30:00.000Z'), conditions: ['major_ict'] });
    expect(incident!.deadlines.find((d) => d.clock === 'dora-initial-classified')!.due).toBe('2026-03-02T16:30:00.000Z');
    expect(nextDeadline(incident!)?.clock).toBe('dora-initial-classified');
  });

  it('keeps dedup across restarts from the trail, and closing is recorded', async () => {
    const file = join(root, 'restart.jsonl');
    const audit = auditLog({ sink: jsonlAuditSink(file) });
    const before = incidentTracker({ audit, packs: ['gdpr'] });
    const opened = await before.open({ cause: 'tool_loop', runId: 'r9', detectedAt: detected });
    const after = incidentTracker({ audit, packs: ['gdpr'], existing: lines(file) });
    expect(await after.open({ cause: 'tool_loop', runId: 'r9' })).toBeUndefined();
    expect(await after.close(opened!.id, 'model fixed')).toBe(true);
    expect(await after.close('inc_unknown', 'x')).toBe(false);
    const read = readIncidents(lines(file));
    expect(read.open).toEqual([]);
    expect(read.closed.map((i) => i.id)).toEqual([opened!.id]);
    expect(await after.open({ cause: 'tool_loop', runId: 'r9', detectedAt: detected })).toBeDefined();
  });

  it('refuses an unknown cause or condition and a bad date with policy.incident_invalid', async () => {
    const tracker = incidentTracker({ audit: auditLog({ sink: jsonlAuditSink(join(root, 'bad.jsonl')) }), packs: [] });
    await expect(tracker.open({ cause: 'hack' as never })).rejects.toMatchObject({ code: 'policy.incident_invalid' });
    await expect(tracker.open({ cause: 'other', conditions: ['deadly' as never] })).rejects.toMatchObject({ code: 'policy.incident_invalid' });
    await expect(tracker.open({ cause: 'other', detectedAt: new Date('nope') })).rejects.toMatchObject({ code: 'policy.incident_invalid' });
  });
});
