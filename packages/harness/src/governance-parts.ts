import type { AgentHooks } from '@warden/core';
import {
  autoApprove,
  contentRails,
  createGate,
  createRedactor,
  durableApprovals,
  guardrails,
  loadPolicyFile,
  loadShellAnalyzer,
  modelReviewer,
  personRequiredApprover,
  redactApprovalRequest,
  taintDetector,
  type Redactor,
  type DurableApprovals,
  type Policy,
  type PolicyGate,
} from '@warden/governance';
import type { ApprovalStoreV1, ApproverV1, GateMode, ProviderV1, TaintSource } from '@warden/protocol';
import type { RailEventQueue } from './pipeline/rails-layer.js';

export { railEventsFor } from './pipeline/rails-layer.js';
import { UNTRUSTED_FACT_MARK } from '@warden/tools';
import path from 'node:path';
import { boundedApprovalStore } from './records/bounded-stores.js';
import { createRecordBoundary } from './records/record-boundary.js';
import { createRecordSealer } from './records/record-sealer.js';
import type { HarnessOptions } from './harness-options.js';

export type { DurableApprovals };

/** Loads the policy files the options name, relative to the workspace. */
export async function loadPolicies(workdir: string, files: readonly string[] | undefined): Promise<Policy[]> {
  const out: Policy[] = [];
  for (const file of files ?? []) out.push(await loadPolicyFile(path.resolve(workdir, file), { origin: 'user' }));
  return out;
}

export interface GateSettings {
  mode: GateMode;
  policies: readonly Policy[];
  protectedPaths?: readonly string[];
  instructionFiles: readonly string[];
  sandboxActive: boolean;
  /** The model reviewer (`review` in the config): a second look at calls the gate allowed, failing closed. */
  review?: { provider: ProviderV1; policy: NonNullable<HarnessOptions['review']> } | undefined;
}

/** The gate: deny list, protected paths, the parsed-shell analyzer and task-scoped authorization, in every mode. */
export function gateFor(workspace: string, settings: GateSettings): PolicyGate {
  const gate = createGate({
    workspace,
    mode: settings.mode,
    shell: () => loadShellAnalyzer(),
    ...(settings.policies.length > 0 ? { policy: settings.policies } : {}),
    ...(settings.protectedPaths ? { protectedPaths: settings.protectedPaths } : {}),
    instructionFiles: settings.instructionFiles,
    sandbox: { active: settings.sandboxActive },
  });
  if (!settings.review) return gate;
  const { tools, ...policy } = settings.review.policy;
  const reviewed = modelReviewer(settings.review.provider, { ...policy, ...(tools ? { tools } : {}) }).gate(gate);
  return { specificationVersion: gate.specificationVersion, decide: (call, ctx) => reviewed.decide(call, ctx), mode: gate.mode, warnings: gate.warnings };
}

/**
 * `yes` is governance's automatic approver (it never turns a deny into an allow); none means every
 * ask is denied. Every approver is wrapped so that an automatic yes never counts for a call that
 * needs a person, and an error while asking is a no.
 */
export function approverFor(approver: HarnessOptions['approver'], durable: DurableApprovals | undefined, redactor: Redactor): ApproverV1 | undefined {
  if (approver === undefined || approver === 'none') return undefined;
  if (approver === 'yes') return personRequiredApprover(autoApprove({ by: '--yes' }));
  if (approver === 'durable') return durable ? personRequiredApprover(durable.approver) : undefined;
  return personRequiredApprover(approver.kind === 'person' ? showRedacted(approver, redactor) : approver);
}

/**
 * A person is shown the request with secrets redacted (arguments and reason); the answer still
 * binds to the real call, whose id and digest are unchanged. Stores keep the real request: it is
 * what gets executed after a durable approval.
 */
function showRedacted(approver: ApproverV1, redactor: Redactor): ApproverV1 {
  return {
    specificationVersion: approver.specificationVersion,
    kind: approver.kind,
    approve: (request, options) => approver.approve(redactApprovalRequest(redactor, request), options),
  };
}

/** Durable approvals: digest-bound, expiring, HMAC-signed with a key, claimed exactly once on resume. */
/**
 * Durable approvals over `store`. With `env`, the store is put behind the record boundary first
 * (secret arguments sealed with `WARDEN_SEAL_KEY`, opened on read), as a harness does.
 */
export function durableFor(store: ApprovalStoreV1, key: string | undefined, env?: Readonly<Record<string, string | undefined>>): DurableApprovals {
  const inner = env === undefined ? store : boundedApprovalStore(store, createRecordBoundary(harnessRedactor(env), createRecordSealer({ env })));
  return durableApprovals({ store: inner, ...(key ? { key } : {}) });
}

/** The redactor as a plain function (evidence reports, error text). */
export function textRedactor(env: Readonly<Record<string, string | undefined>>): (text: string) => string {
  const redactor = createRedactor({ env });
  return (text) => redactor.redact(text);
}

/** The one redactor of a harness: tool output, truncation points, events, results, prompts and MCP stderr all go through it. */
export function harnessRedactor(env: Readonly<Record<string, string | undefined>>): Redactor {
  return createRedactor({ env });
}

/** `recall` that returned a fact remembered after untrusted content taints the run (the fact is back in the model's context). */
function recalledUntrusted(name: string, content: readonly { type: string; text?: string }[]): { taint: TaintSource } | undefined {
  if (name !== 'recall' || !content.some((part) => part.type === 'text' && part.text?.includes(UNTRUSTED_FACT_MARK) === true)) return undefined;
  return { taint: { source: 'memory:recall', reason: 'recall returned facts remembered after untrusted content', reasonId: 'memory_recall' } };
}

/**
 * The governance hooks in the one safe order: redaction first (what it returns is what the model,
 * the session, the events and reports see), then taint detection on the redacted output, then the
 * guardrails, then the content rails (input and output; their judges ask `provider`). Tools of trusted MCP servers do not taint.
 */
export function governanceHooks(options: {
  redactor: Redactor;
  trustedTools: ReadonlySet<string>;
  guardrails?: HarnessOptions['guardrails'] | undefined;
  /** The model the content rails' judges ask. */
  provider?: ProviderV1;
  /** Where the content rails' findings go, to become `warning` events. */
  railEvents?: RailEventQueue | undefined;
}): AgentHooks[] {
  const { redactor } = options;
  const taint = taintDetector();
  const hooks: AgentHooks[] = [
    {
      afterTool(ctx) {
        const content = redactor.redactContent(ctx.content);
        const mark = options.trustedTools.has(ctx.call.name) ? undefined : (taint.afterTool({ ...ctx, content }) ?? recalledUntrusted(ctx.call.name, content));
        return { content, ...(mark ?? {}) };
      },
    },
  ];
  const { input, output, redactInput, ...rest } = options.guardrails ?? {};
  if (Object.keys(rest).length > 0) hooks.push(guardrails(rest));
  if ((input?.length ?? 0) + (output?.length ?? 0) > 0) {
    hooks.push(
      contentRails({
        ...(input ? { input } : {}),
        ...(output ? { output } : {}),
        ...(redactInput !== undefined ? { redactInput } : {}),
        ...(rest.onViolation ? { onViolation: rest.onViolation } : {}),
        ...(rest.maxRetries !== undefined ? { maxRetries: rest.maxRetries } : {}),
        ...(options.provider ? { provider: options.provider } : {}),
        ...(options.railEvents ? { onEvent: (event) => options.railEvents?.push(event) } : {}),
      }),
    );
  }
  return hooks;
}
