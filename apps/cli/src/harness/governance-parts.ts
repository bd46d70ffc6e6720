import type { AgentHooks } from '@warden/core';
import { autoApprove, createGate, createRedactor, durableApprovals, loadShellAnalyzer, personRequiredApprover, taintDetector, type DurableApprovals } from '@warden/governance';
import type { ApprovalStoreV1, ApproverV1, GateV1 } from '@warden/protocol';

export type { DurableApprovals };
import type { HarnessMode, HarnessOptions } from './harness-options.js';

/** The gate for a mode: deny list, protected paths and the parsed-shell analyzer apply in every mode. */
export function gateFor(workspace: string, mode: HarnessMode): GateV1 {
  return createGate({ workspace, mode, shell: () => loadShellAnalyzer() });
}

/**
 * `yes` is governance's automatic approver (it never turns a deny into an allow); none means every
 * ask is denied. Every approver is wrapped so that, once the run read untrusted content, an
 * automatic yes no longer counts for calls that need a person, and an error while asking is a no.
 */
export function approverFor(approver: HarnessOptions['approver'], durable: DurableApprovals | undefined): ApproverV1 | undefined {
  if (approver === undefined || approver === 'none') return undefined;
  if (approver === 'yes') return personRequiredApprover(autoApprove({ by: '--yes' }));
  if (approver === 'durable') return durable ? personRequiredApprover(durable.approver) : undefined;
  return personRequiredApprover(approver);
}

/** Durable approvals: digest-bound, expiring, HMAC-signed with a key, claimed exactly once on resume. */
export function durableFor(store: ApprovalStoreV1, key: string | undefined): DurableApprovals {
  return durableApprovals({ store, ...(key ? { key } : {}) });
}

/** The redactor as a plain function (evidence reports, error text). */
export function textRedactor(env: NodeJS.ProcessEnv): (text: string) => string {
  const redactor = createRedactor({ env });
  return (text) => redactor.redact(text);
}

/**
 * Redaction and taint as one afterTool hook: output is redacted first (what it
 * returns is what the model, the session, the events and reports see), then
 * inspected for untrusted content, which marks the run tainted.
 */
export function redactionHooks(env: NodeJS.ProcessEnv): AgentHooks[] {
  const redactor = createRedactor({ env });
  const taint = taintDetector();
  return [
    {
      afterTool(ctx) {
        const content = redactor.redactContent(ctx.content);
        const mark = taint.afterTool({ ...ctx, content });
        return { content, ...(mark ?? {}) };
      },
    },
  ];
}
