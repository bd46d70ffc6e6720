import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import type { ApprovalAnswer, ApproverV1, GateV1, SessionStoreV1, ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent, type Agent } from '@warden/core';

/** A mutating tool whose every execution appends `<pid> <env>` to `file`: the side effects, counted. */
export function deployTool(file: string): ToolV1 {
  return {
    specificationVersion: 'v1',
    name: 'deploy',
    description: 'deploys to an environment',
    inputSchema: { type: 'object', properties: { env: { type: 'string' } }, required: ['env'] },
    annotations: { mutating: true },
    execute: (args) => {
      appendFileSync(file, `${process.pid} ${String(args.env)}\n`);
      return `deployed ${String(args.env)}`;
    },
  };
}

/** Every execution `deployTool` made, as `env` values. */
export function executions(file: string): string[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => line.split(' ')[1]!);
}

/** Asks for every deploy (the model cannot deploy unseen). */
export const askForDeploys: GateV1 = {
  specificationVersion: 'v1',
  decide: (call) => (call.name === 'deploy' ? { effect: 'ask', reason: 'deploys need a person', rule: 'test.deploy' } : { effect: 'allow', reason: 'ok', rule: 'test.allow' }),
};

/** Runs a task whose model asks for `deploy { env: 'prod' }` (call id `d1`) and parks it with `approver`. */
export async function parkDeploy(store: SessionStoreV1, approver: ApproverV1, file: string) {
  const provider = scriptedProvider([{ toolCalls: [{ name: 'deploy', args: { env: 'prod' }, id: 'd1' }] }]);
  const parked = await createAgent({ provider, tools: [deployTool(file)], gate: askForDeploys, approver, session: { store } }).run('ship it');
  if (parked.stopReason !== 'approval' || !parked.pendingApproval || !parked.sessionId) throw new Error(`expected a parked approval, got ${parked.stopReason}`);
  return { sessionId: parked.sessionId, request: parked.pendingApproval };
}

/** The agent a resumer builds: same tool and gate, a model that just says it is done. */
export function resumer(store: SessionStoreV1, file: string): Agent {
  return createAgent({ provider: scriptedProvider(['done']), tools: [deployTool(file)], gate: askForDeploys, session: { store } });
}

export type ResumeOutcome = { ok: true; stopReason: string } | { ok: false; code: string };

export async function resumeOnce(store: SessionStoreV1, file: string, sessionId: string, answer: ApprovalAnswer): Promise<ResumeOutcome> {
  try {
    const result = await resumer(store, file).resume(sessionId, { approvals: { d1: answer } });
    return { ok: true, stopReason: result.stopReason };
  } catch (error) {
    return { ok: false, code: String((error as { code?: unknown }).code ?? 'not-a-warden-error') };
  }
}
