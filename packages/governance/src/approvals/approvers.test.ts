import { PassThrough } from 'node:stream';
import type { ApprovalRequest, ApproverV1 } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { TAINT_RULE } from '@warden/protocol/policy';
import { terminalSafe } from '@warden/protocol/vocabulary';
import { formatApprovalPrompt, interactiveApprover } from './interactive-approver.js';
import { personRequiredApprover } from './person-required-approver.js';
import { safeApprover } from './safe-approver.js';
import { autoApprove, functionApprover, noApprover } from './simple-approvers.js';

const signal = new AbortController().signal;

function request(rule = 'mode.safe', args: ApprovalRequest['call']['args'] = { path: 'src/a.ts' }): ApprovalRequest {
  return {
    id: 'ap',
    runId: 'r',
    step: 0,
    call: { id: 'c', name: 'write_file', args },
    decision: { effect: 'ask', rule, reason: 'because' },
    createdAt: new Date(0).toISOString(),
  };
}

function streams() {
  const input = new PassThrough();
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk: Buffer) => {
    shown += chunk.toString('utf8');
  });
  return { input, output, shown: () => shown };
}

describe('simple approvers', () => {
  it('autoApprove says yes, marked automatic', async () => {
    const answer = await autoApprove().approve(request(), { signal });
    expect(answer).toMatchObject({ outcome: 'approved', automatic: true });
    expect(autoApprove().kind).toBe('automatic');
  });

  it('noApprover says no', async () => {
    expect(await noApprover().approve(request(), { signal })).toMatchObject({ outcome: 'denied' });
  });

  it('functionApprover maps booleans and answers; errors, timeouts and junk are denials', async () => {
    expect(await functionApprover(() => true).approve(request(), { signal })).toMatchObject({ outcome: 'approved', automatic: true });
    expect(await functionApprover(() => false, { kind: 'person', by: 'bot' }).approve(request(), { signal })).toMatchObject({ outcome: 'denied', by: 'bot' });
    expect(await functionApprover(() => ({ outcome: 'approved', by: 'ops' }), { kind: 'person' }).approve(request(), { signal })).toEqual({ outcome: 'approved', by: 'ops' });
    expect(await functionApprover(() => { throw new Error('x'); }).approve(request(), { signal })).toMatchObject({ outcome: 'denied' });
    expect(await functionApprover(() => ({ outcome: 'sure' }) as never).approve(request(), { signal })).toMatchObject({ outcome: 'denied', note: 'the approver gave a malformed answer' });
    const never = functionApprover(() => new Promise<boolean>(() => undefined), { timeoutMs: 5 });
    expect(await never.approve(request(), { signal })).toMatchObject({ outcome: 'denied', note: 'no answer in time' });
  });

  it('safeApprover turns an abort into a denial', async () => {
    const controller = new AbortController();
    const hanging: ApproverV1 = { specificationVersion: 'v1', kind: 'person', approve: () => new Promise(() => undefined) };
    const pending = safeApprover(hanging).approve(request(), { signal: controller.signal });
    controller.abort();
    expect(await pending).toMatchObject({ outcome: 'denied', note: 'the run was aborted while asking' });
  });
});

describe('interactiveApprover', () => {
  it('shows tool, arguments and rule, and approves on "y"', async () => {
    const io = streams();
    const approver = interactiveApprover({ input: io.input, output: io.output, by: 'dana' });
    const pending = approver.approve(request(), { signal });
    io.input.write('y\n');
    expect(await pending).toMatchObject({ outcome: 'approved', by: 'dana' });
    expect(io.shown()).toContain('tool:   write_file');
    expect(io.shown()).toContain('rule:   mode.safe');
    expect(io.shown()).toContain('"path": "src/a.ts"');
    expect(io.shown()).toContain('Allow? [y/N]');
  });

  it('denies anything but yes, end of input and silence', async () => {
    const io = streams();
    const approver = interactiveApprover({ input: io.input, output: io.output, timeoutMs: 20 });
    const first = approver.approve(request(), { signal });
    io.input.write('yes please\n');
    expect(await first).toMatchObject({ outcome: 'denied' });
    expect(await approver.approve(request(), { signal })).toMatchObject({ outcome: 'denied', note: 'no answer in time' });
    const closed = streams();
    const onClosed = interactiveApprover({ input: closed.input, output: closed.output }).approve(request(), { signal });
    closed.input.end();
    expect(await onClosed).toMatchObject({ outcome: 'denied' });
  });

  it('asks parallel calls one at a time, in order', async () => {
    const io = streams();
    const approver = interactiveApprover({ input: io.input, output: io.output });
    const a = approver.approve(request('mode.safe', { path: 'a' }), { signal });
    const b = approver.approve(request('mode.safe', { path: 'b' }), { signal });
    io.input.write('n\ny\n');
    expect((await a).outcome).toBe('denied');
    expect((await b).outcome).toBe('approved');
  });

  it('makes terminal escapes and invisible characters visible', () => {
    expect(terminalSafe('ok\u001b[2Jhidden\u202eevil\u200b')).toBe('ok\\u001b[2Jhidden\\u202eevil\\u200b');
    const prompt = formatApprovalPrompt(request('mode.safe', { content: `safe\u202etxt.exe ${'x'.repeat(5000)}` }), 100);
    expect(prompt).toContain('\\u202e');
    expect(prompt).toContain('more characters not shown');
    expect(formatApprovalPrompt(request(TAINT_RULE))).toContain('untrusted content');
  });
});

describe('personRequiredApprover', () => {
  it('does not let an automatic approver answer what needs a person', async () => {
    const guarded = personRequiredApprover(autoApprove());
    expect(await guarded.approve(request(TAINT_RULE), { signal })).toMatchObject({ outcome: 'denied' });
    expect(await guarded.approve(request('mode.safe'), { signal })).toMatchObject({ outcome: 'approved' });
  });

  it('refuses an automatic answer from a person-kind approver, and passes real people through', async () => {
    const sneaky: ApproverV1 = { specificationVersion: 'v1', kind: 'person', approve: async () => ({ outcome: 'approved', automatic: true }) };
    expect(await personRequiredApprover(sneaky).approve(request(TAINT_RULE), { signal })).toMatchObject({ outcome: 'denied' });
    const person = functionApprover(() => true, { kind: 'person' });
    expect(await personRequiredApprover(person).approve(request(TAINT_RULE), { signal })).toMatchObject({ outcome: 'approved' });
  });
});
