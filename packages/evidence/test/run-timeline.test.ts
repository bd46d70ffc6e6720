import type { RunEvent } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { renderTimelineHtml, runTimelineFromEvents } from '../src/report.js';

const base = { runId: 'r1', at: '2026-01-01T00:00:00.000Z' };
const hostile = '<script>alert("x")</script>';

/** A run in which the model passes hostile text in every field a tool or model controls. */
function events(): RunEvent[] {
  const usage = { inputTokens: 1, outputTokens: 1 };
  return [
    { ...base, type: 'run_start', task: `task ${hostile}`, provider: 'scripted', model: 'm', sessionId: 's1' },
    { ...base, type: 'step_start', step: 1 },
    { ...base, type: 'text_delta', step: 1, text: 'partial' },
    { ...base, type: 'assistant_message', step: 1, message: { role: 'assistant', parts: [{ type: 'text', text: `I will run ${hostile}` }] } },
    { ...base, type: 'tool_call', step: 1, callId: 'c1', name: 'shell', args: { command: `echo ${hostile}` } },
    { ...base, type: 'tool_decision', step: 1, callId: 'c1', name: 'shell', decision: { effect: 'deny', rule: 'shell.cloud_metadata', reason: `reaches ${hostile}` } },
    { ...base, type: 'tool_result', step: 1, callId: 'c1', name: 'shell', status: 'denied', isError: true, content: [{ type: 'text', text: `denied ${hostile}` }], durationMs: 0 },
    { ...base, type: 'tool_call', step: 2, callId: 'c2', name: 'edit_file', args: { path: 'a.js' } },
    { ...base, type: 'tool_decision', step: 2, callId: 'c2', name: 'edit_file', decision: { effect: 'ask', rule: 'mode.safe', reason: 'edits ask' }, approval: { outcome: 'approved', automatic: true } },
    { ...base, type: 'tool_result', step: 2, callId: 'c2', name: 'edit_file', status: 'ok', isError: false, content: [{ type: 'text', text: 'edited' }], durationMs: 3 },
    { ...base, type: 'run_end', stopReason: 'done', output: 'ok', steps: 2, usage, costUsd: 0 },
  ] as RunEvent[];
}

describe('run timeline', () => {
  it('keeps the run in order: turns, calls, the gate decision with its reason, approvals, results, the stop', () => {
    const timeline = runTimelineFromEvents(events());
    expect(timeline.entries.map((e) => e.kind)).toEqual(['run_start', 'model_turn', 'tool_call', 'gate_decision', 'tool_result', 'tool_call', 'gate_decision', 'approval', 'tool_result', 'run_end']);
    const denial = timeline.entries.find((e) => e.kind === 'gate_decision' && e.effect === 'deny');
    expect(denial).toMatchObject({ rule: 'shell.cloud_metadata', reason: `reaches ${hostile}` });
  });

  it('escapes hostile tool arguments, outputs, reasons and model text', () => {
    const html = renderTimelineHtml(runTimelineFromEvents(events(), { audit: { ok: true, entries: 9 }, session: { id: 's1', records: 12, store: 'sqlite' } }));
    expect(html).not.toContain('<script');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // Every hostile field was rendered (escaped), not dropped.
    expect(html.match(/&lt;script&gt;/g)?.length).toBe(5);
    expect(html).toMatch(/Gate: denied<\/span> <code>shell<\/code> by rule <code class="tl-rule">shell\.cloud_metadata<\/code>: <span class="tl-reason">reaches &lt;script/);
    expect(html).toContain('data-outcome="approved"');
    expect(html).toContain('1 model turn · 2 tool calls');
    expect(html).toContain('1 refused · 1 approved');
    expect(html).toContain('Hash chain verified: intact, 9 entries');
    expect(html).toContain('12 records read back from the sqlite store');
  });

  it('says so when the audit chain is broken, and escapes the problem', () => {
    const html = renderTimelineHtml(runTimelineFromEvents([], { audit: { ok: false, entries: 3, brokenAt: 4, problem: `hash mismatch ${hostile}` } }));
    expect(html).toContain('data-audit-ok="false"');
    expect(html).toContain('FAILED after 3 good entries (line 4): hash mismatch &lt;script&gt;');
    expect(html).not.toContain('<script');
  });

  it('cuts long tool output and says how much was cut', () => {
    const long = [{ ...base, type: 'tool_result', step: 1, callId: 'c', name: 'read_file', status: 'ok', isError: false, content: [{ type: 'text', text: 'x'.repeat(2500) }], durationMs: 1 }] as RunEvent[];
    const [entry] = runTimelineFromEvents(long).entries;
    expect(entry).toMatchObject({ kind: 'tool_result' });
    expect(entry?.kind === 'tool_result' && entry.text.endsWith('… (500 more characters)')).toBe(true);
  });
});
