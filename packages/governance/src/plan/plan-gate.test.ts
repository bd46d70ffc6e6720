import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { approvalDigest } from '@warden/protocol/policy';
import type { GateCall, GateContext, Plan, ScopePlan } from '@warden/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGate, type PolicyGate } from '../gate/create-gate.js';
import { taskScope } from '../scope/task-scope.js';
import { loadShellAnalyzer, type ShellAnalyzer } from '@warden/shell-policy';
import { conformingStep } from './plan-conformance.js';
import { PLAN_RULE, planGate } from './plan-gate.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-plan-gate-'));
writeFileSync(join(workspace, 'README.md'), '# project\n');
let analyzer: ShellAnalyzer;
let safe: PolicyGate;
let yolo: PolicyGate;
beforeAll(async () => {
  analyzer = await loadShellAnalyzer();
  safe = createGate({ workspace, mode: 'safe', shell: analyzer });
  yolo = createGate({ workspace, mode: 'yolo', shell: analyzer });
});
afterAll(() => {
  analyzer.dispose();
  rmSync(workspace, { recursive: true, force: true });
});

const plan: Plan = {
  steps: [
    { id: 'read', tool: 'read_file', parameters: { path: 'README.md' }, outputs: ['readme'] },
    { id: 'summary', tool: 'write_file', parameters: { path: 'SUMMARY.md', content: 'Summary: {{readme}}' }, depends_on: ['read'] },
    { id: 'dest', tool: 'write_file', parameters: { path: '{{readme}}', content: 'x' } },
  ],
};
const held = (status: ScopePlan['status']): ScopePlan => ({ plan, digest: approvalDigest({ name: 'submit_plan', args: plan }), status, issues: [] });
const write = (path: string, content: string): GateCall => ({ id: 'c', name: 'write_file', args: { path, content }, annotations: { mutating: true } });
function ctx(status: ScopePlan['status'] | undefined): GateContext {
  // The task names only README.md: SUMMARY.md is outside the scope, so after taint a write to it needs a person.
  const scope = taskScope('summarize README.md', { workspace });
  return { runId: 'r', step: 2, tainted: true, taintSources: [{ source: 'tool:read_file', reason: 'read README.md' }], touchedPaths: new Set(), scope: status ? { ...scope, plan: held(status) } : scope };
}

describe('planGate', () => {
  it('without a plan, a tainted write outside the scope needs a person', async () => {
    const decision = await planGate(yolo).decide(write('SUMMARY.md', 'Summary: hi'), ctx(undefined));
    expect(decision).toMatchObject({ effect: 'ask', requiresPerson: true });
  });

  it('an approved plan allows the conforming call after taint, naming the step', async () => {
    const decision = await planGate(safe).decide(write('SUMMARY.md', 'Summary: whatever the file said'), ctx('approved'));
    expect(decision).toMatchObject({ effect: 'allow', rule: PLAN_RULE, provenance: { scopeEntry: 'plan:summary' } });
  });

  it('a call outside the plan (another path, other text around the reference, an extra argument) falls back to the normal rules', async () => {
    const gate = planGate(yolo);
    for (const call of [write('evil.sh', 'Summary: x'), write('SUMMARY.md', 'pwned'), { ...write('SUMMARY.md', 'Summary: x'), args: { path: 'SUMMARY.md', content: 'Summary: x', mode: 'append' } }]) {
      expect(await gate.decide(call, ctx('accepted'))).toMatchObject({ effect: 'ask', requiresPerson: true });
    }
  });

  it('a reference in a path argument never covers a call', async () => {
    expect(conformingStep(write('anything.md', 'x'), plan.steps)).toBeUndefined();
    expect(await planGate(yolo).decide(write('anything.md', 'x'), ctx('accepted'))).toMatchObject({ effect: 'ask' });
  });

  it('an automatic approval covers what the mode asks, never what needs a person; unapproved and refused plans cover nothing', async () => {
    expect(await planGate(safe).decide(write('SUMMARY.md', 'Summary: x'), ctx('automatic'))).toMatchObject({ effect: 'ask', requiresPerson: true });
    const untainted = { ...ctx('automatic'), tainted: false, taintSources: [] };
    expect(await planGate(safe).decide(write('SUMMARY.md', 'Summary: x'), untainted)).toMatchObject({ effect: 'allow', rule: PLAN_RULE });
    for (const status of ['unapproved', 'refused'] as const) expect(await planGate(safe).decide(write('SUMMARY.md', 'Summary: x'), ctx(status))).toMatchObject({ effect: 'ask' });
  });

  it('a deny stays a deny: the plan cannot reach protected paths', async () => {
    const protectedPlan: Plan = { steps: [{ id: 'env', tool: 'write_file', parameters: { path: '.env', content: 'x' } }] };
    const context = { ...ctx('approved'), scope: { ...ctx('approved').scope!, plan: { ...held('approved'), plan: protectedPlan } } };
    expect(await planGate(yolo).decide(write('.env', 'x'), context)).toMatchObject({ effect: 'deny' });
  });

  it('keeps the inner gate’s other members (mode, warnings)', () => {
    const gate = planGate(safe);
    expect(gate.mode).toBe('safe');
    expect(gate.warnings).toEqual(safe.warnings);
  });
});
