import { describe, expect, it } from 'vitest';
import type { ApprovalRequest, RunEvent, Usage } from '@warden/protocol';
import { RunEvent as RunEventSchema } from '@warden/protocol/schemas';
import { ToolError } from '@warden/protocol';
import { formatApprovalPrompt } from '../../src/approvals/interactive-approver.js';
import { createRedactor, createTextStreamRedactor, redactApprovalRequest, redactEvent, redactRunResult, redactText } from '../../src/index.js';
import { fake } from './secret-fixtures.js';

const redactor = createRedactor();
const TOKEN = `ghp_${fake(36, undefined, 301)}`;
const KEY = `sk-ant-api03-${fake(60, undefined, 302)}`;
const usage: Usage = { inputTokens: 10, outputTokens: 5, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
const base = { runId: 'run-1', at: '2026-12-01T00:00:00.000Z' };
const decision = { effect: 'ask' as const, rule: 'shell.network', reason: `curl -H "Authorization: token ${TOKEN}" https://api.github.com` };
const request: ApprovalRequest = {
  id: 'ap-1',
  runId: 'run-1',
  step: 2,
  call: { id: 'c1', name: 'shell', args: { command: `git push https://x:${TOKEN}@github.com/o/r.git`, env: { GITHUB_TOKEN: 'plain-looking-value-1234' } } },
  decision,
  createdAt: base.at,
  digest: 'sha256:abc',
};

/** One event of every type, each carrying a secret in every free-text field it has. */
const EVENTS: RunEvent[] = [
  { ...base, type: 'run_start', task: `deploy with ${TOKEN}`, provider: 'openai', model: 'gpt' },
  { ...base, type: 'step_start', step: 1 },
  { ...base, type: 'text_delta', step: 1, text: `the key is ${KEY}` },
  { ...base, type: 'thinking_delta', step: 1, text: `I saw ${TOKEN}` },
  {
    ...base,
    type: 'assistant_message',
    step: 1,
    message: { role: 'assistant', parts: [{ type: 'text', text: `use ${KEY}` }, { type: 'thinking', text: `hmm ${TOKEN}`, signature: 'sig-kept' }, { type: 'tool_call', id: 'c1', name: 'shell', args: { command: `echo ${TOKEN}`, password: 'hunter2hunter2' } }] },
  },
  { ...base, type: 'tool_call', step: 1, callId: 'c1', name: 'shell', args: { command: `echo ${TOKEN}`, api_key: 'abcd1234efgh' } },
  { ...base, type: 'tool_decision', step: 1, callId: 'c1', name: 'shell', decision, approval: { outcome: 'approved', by: 'ada', note: `ok, ${KEY} is fine` } },
  { ...base, type: 'tool_result', step: 1, callId: 'c1', name: 'shell', status: 'ok', isError: false, content: [{ type: 'text', text: `out ${TOKEN}` }], durationMs: 3 },
  { ...base, type: 'tool_progress', step: 1, callId: 'c1', name: 'shell', message: `pushing with ${TOKEN}` },
  { ...base, type: 'usage', step: 1, usage, totalUsage: usage, totalCostUsd: 0 },
  { ...base, type: 'compaction', tokensBefore: 10, tokensAfter: 5, summarizedMessages: 2 },
  { ...base, type: 'warning', code: 'core.session_repaired', message: `line had ${KEY}` },
  { ...base, type: 'approval_pending', request },
  { ...base, type: 'provider_notice', notice: { type: 'retry', provider: 'openai', attempt: 1, delayMs: 10, reason: `401 for key ${KEY}` } },
  { ...base, type: 'taint', source: `web_fetch https://x.example/?token=${TOKEN}`, reason: `read ${TOKEN}` },
  { ...base, type: 'scope', scope: { version: 1, paths: [{ kind: 'file', pattern: 'README.md', origin: 'task' }], hosts: [{ host: 'api.example.com', origin: 'task', text: `https://api.example.com/?token=${TOKEN}` }] } },
  { ...base, type: 'subagent', phase: 'start', agent: 'helper', childRunId: 'run-2' },
  {
    ...base,
    type: 'handoff',
    handoff: { version: 1, id: 'hof-1', from: 'researcher', to: 'writer', contextSummary: `use ${TOKEN}`, artifacts: [`https://x.example/?token=${TOKEN}`], suggestedNextAction: `deploy with ${KEY}`, metadata: { api_key: 'abcd1234efgh', note: `saw ${TOKEN}` }, createdAt: base.at },
    receipt: { version: 1, handoffId: 'hof-1', status: 'rejected', by: 'writer', reason: `refused: ${KEY}`, at: base.at },
  },
  {
    ...base,
    type: 'progress',
    step: 1,
    callId: 'c9',
    todos: [{ content: `rotate ${TOKEN}`, status: 'in_progress', note: `key ${KEY}` }],
    sources: [{ id: 1, ref: `https://example.test/?token=${TOKEN}`, title: `about ${KEY}`, finding: `the key is ${KEY}`, date: base.at }],
    tainted: false,
  },
  { ...base, type: 'change_set', changes: [{ path: `notes/${TOKEN}.md`, effectClass: 'ordinary', approvedBy: 'mode', rule: 'mode.yolo', tool: 'write_file' }] },
  { ...base, type: 'run_end', stopReason: 'error', output: `done: ${KEY}`, steps: 1, usage, costUsd: 0, error: { code: 'tool.execution_failed', message: `failed with ${TOKEN}` } },
];

describe('redactEvent', () => {
  it('covers every event type of the protocol', () => {
    const types = RunEventSchema.options.map((o) => o.shape.type.value).sort();
    expect(EVENTS.map((e) => e.type).sort()).toEqual(types);
  });

  it.each(EVENTS.map((e) => [e.type, e] as const))('%s: no secret left, still a valid event, ids and numbers kept', (_type, event) => {
    const out = redactEvent(redactor, event);
    const json = JSON.stringify(out);
    for (const secret of [TOKEN, KEY, 'hunter2hunter2', 'abcd1234efgh', 'plain-looking-value-1234']) expect(json).not.toContain(secret);
    expect(RunEventSchema.safeParse(out).success).toBe(true);
    expect(out.type).toBe(event.type);
    expect(out.runId).toBe(event.runId);
    // Every event with free text really carried a secret in.
    const structural = ['step_start', 'usage', 'compaction', 'subagent'].includes(event.type);
    expect(/ghp_|sk-ant-/.test(JSON.stringify(event))).toBe(!structural);
  });

  it('leaves the input untouched and keeps what must round-trip', () => {
    const message = EVENTS[4] as Extract<RunEvent, { type: 'assistant_message' }>;
    const out = redactEvent(redactor, message) as typeof message;
    expect(JSON.stringify(message)).toContain(TOKEN);
    expect(out.message.parts[1]).toMatchObject({ type: 'thinking', signature: 'sig-kept' });
    expect(out.message.parts[2]).toMatchObject({ type: 'tool_call', id: 'c1', name: 'shell', args: { password: '[redacted:password]' } });
    const pending = redactEvent(redactor, EVENTS[12] as RunEvent) as Extract<RunEvent, { type: 'approval_pending' }>;
    expect(pending.request).toMatchObject({ id: 'ap-1', digest: 'sha256:abc', call: { id: 'c1', name: 'shell' }, decision: { effect: 'ask', rule: 'shell.network' } });
  });
});

describe('the other channels', () => {
  it('redactText: strings, errors with their code, anything else', () => {
    expect(redactText(redactor, `x ${TOKEN}`)).toBe('x [redacted:github-token]');
    expect(redactText(redactor, new ToolError({ code: 'tool.execution_failed', message: `push failed: ${TOKEN}` }))).toBe('tool.execution_failed: push failed: [redacted:github-token]');
    expect(redactText(redactor, new Error(`boom ${KEY}`))).toBe('boom [redacted:anthropic-key]');
    expect(redactText(redactor, { toString: () => `obj ${TOKEN}` })).toBe('obj [redacted:github-token]');
  });

  it('redactRunResult: output, warnings, error, messages, call arguments and pending approvals', () => {
    const result = {
      runId: 'run-1',
      output: `final ${KEY}`,
      warnings: [`warned ${TOKEN}`, 'plain'],
      error: { code: 'x.y', message: `err ${TOKEN}` },
      messages: [
        { role: 'user' as const, parts: [{ type: 'text' as const, text: `task ${TOKEN}` }] },
        { role: 'tool' as const, parts: [{ type: 'tool_result' as const, callId: 'c1', name: 'shell', isError: false, content: [{ type: 'text' as const, text: `res ${KEY}` }] }] },
      ],
      toolCalls: [{ id: 'c1', name: 'shell', args: { command: `echo ${TOKEN}` }, status: 'ok', decision }],
      pendingApproval: request,
      pendingApprovals: [request],
      steps: 3,
    };
    const out = redactRunResult(redactor, result);
    const json = JSON.stringify(out);
    for (const secret of [TOKEN, KEY, 'plain-looking-value-1234']) expect(json).not.toContain(secret);
    expect(out.warnings[1]).toBe('plain');
    expect(out.steps).toBe(3);
    expect(out.pendingApproval?.digest).toBe('sha256:abc');
  });

  it('redactApprovalRequest and the interactive prompt show no secret, even past the argument cap', () => {
    expect(JSON.stringify(redactApprovalRequest(redactor, request))).not.toContain(TOKEN);
    const long: ApprovalRequest = { ...request, call: { ...request.call, args: { command: `${'a'.repeat(3980)} ${TOKEN} ${'b'.repeat(100)}` } } };
    for (const max of [3975, 3990, 4000, 4010, 4030]) {
      const prompt = formatApprovalPrompt(long, max, redactor.redact);
      expect(prompt).not.toContain(TOKEN.slice(0, 12));
      expect(prompt).not.toContain(TOKEN.slice(-12));
      expect(prompt).toMatch(/more characters not shown/);
    }
    expect(formatApprovalPrompt(request, 4000, redactor.redact)).not.toContain(TOKEN);
    // Without a redactor the prompt is unchanged (the default).
    expect(formatApprovalPrompt(request)).toContain(TOKEN);
  });
});

describe('createTextStreamRedactor (deltas that split a secret)', () => {
  const PEM = ['-----BEGIN OPENSSH PRIVATE KEY-----', fake(70, undefined, 310), fake(70, undefined, 311), '-----END OPENSSH PRIVATE KEY-----'].join('\n');
  const text = `Here is the token ${TOKEN} and the key\n${PEM}\nand ${KEY} at the end, then more prose.`;

  it.each([1, 2, 3, 7, 16, 50])('shows the same redacted text whatever the delta size (%i characters)', (size) => {
    const stream = createTextStreamRedactor(redactor);
    let shown = '';
    for (let i = 0; i < text.length; i += size) shown += stream.push(text.slice(i, i + size));
    shown += stream.flush();
    expect(shown).toBe(redactor.redact(text));
    for (const secret of [TOKEN, KEY, fake(70, undefined, 310)]) expect(shown).not.toContain(secret.slice(4, 16));
  });

  it('releases complete lines as they come, and a long line at a blank', () => {
    const stream = createTextStreamRedactor(redactor, { maxPendingChars: 20 });
    expect(stream.push('first line\nsecond')).toBe('first line\n');
    expect(stream.push(' part of a long line that goes on')).toBe('second part of a long line that goes ');
    expect(stream.flush()).toBe('on');
  });
});
