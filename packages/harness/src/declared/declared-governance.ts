import type { AgentHooks } from '@warden/core';
import {
  effectiveGovernance,
  GOVERNANCE_DECISION_KIND,
  governedDataProtection,
  governedGate,
  loadGovernanceFile,
  residentProvider,
  checkToolPins,
  notifyingApprover,
  readToolPins,
  toolDriftGate,
  writeToolPins,
  type ToolDrift,
  type DataProtection,
  type EffectiveGovernance,
  type GovernanceDecisionRecord,
} from '@warden/governance';
import type { ApproverV1, JsonObject, ToolV1 } from '@warden/protocol';
import type { ApprovalNotifier } from './approval-notify-egress.js';
import { notifierFor } from './approval-notify-egress.js';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { HarnessLayer } from '../pipeline/harness-layer.js';
import { currentRunTags, streamWithRunTags, withRunTags } from './run-tags.js';

/** What a harness is told about its declared governance (`HarnessOptions.governance`). */
export interface HarnessGovernance {
  /** The governance file (`governance.yaml` or `.json`), relative to the workspace. */
  file?: string;
  /** The policy in force, already loaded (a program's); wins over `file`. */
  policy?: EffectiveGovernance;
  /** The purpose of runs that carry no `purpose` tag (a purpose the file does not list allows no data class). */
  purpose?: string;
  /** The data subject's jurisdiction of runs that carry no `jurisdiction` tag (none: no residency restriction). */
  jurisdiction?: string;
  /** Where the harness's provider really sends its calls, when the adapter knows (a Bedrock region, a Vertex location). */
  region?: string;
}

/** The declared governance as the harness applies it: one layer, the data hook, and the tool wrapper. */
export interface DeclaredGovernanceParts {
  readonly policy: EffectiveGovernance;
  /**
   * `declared-governance`: runs under their tags; residency on the provider; the governed gate,
   * with drifted tools refused under `toolDrift: deny`; parked approvals announced to `approval_notify`.
   */
  layer(drift?: ToolDrift): HarnessLayer;
  /** The tools against their pins in `file`; a missing pins file is written now (trust on first use). */
  checkDrift(tools: readonly ToolV1[], file: string): Promise<ToolDrift>;
  /** Purpose limitation before every model call (last of the hooks: it sees what leaves). */
  readonly hooks: AgentHooks;
  /** The tool, with pseudonyms of the run's purpose restored in its arguments. */
  wrapTool<T extends ToolV1>(tool: T): T;
}

/** Loads the policy a harness is given: the program's, else the file (relative to the workspace). */
export async function harnessPolicy(governance: HarnessGovernance, workdir: string): Promise<EffectiveGovernance | undefined> {
  if (governance.policy) return governance.policy;
  if (governance.file === undefined) return undefined;
  return effectiveGovernance(await loadGovernanceFile(path.resolve(workdir, governance.file)));
}

/**
 * The declared governance wired into the harness, so nobody hand-wires it: a run's `purpose` and
 * `jurisdiction` tags (else the harness's defaults) decide which data classes reach the model
 * (the rest pseudonymised, redacted or refused as the policy says; restored for tools) and which
 * regions its model calls may go to (`residentProvider` on the harness's provider); every tool
 * call goes through `governedGate`. Each decision goes to `onDecision` (the audit trail).
 */
export function declaredGovernance(
  policy: EffectiveGovernance,
  settings: Omit<HarnessGovernance, 'file' | 'policy'> & { host?: string; onDecision?: (record: GovernanceDecisionRecord) => void; notify?: ApprovalNotifier },
): DeclaredGovernanceParts {
  const key = randomBytes(32);
  const protections = new Map<string, DataProtection>();
  const sink = settings.onDecision ? { onDecision: settings.onDecision } : {};
  const purposeNow = (): string | undefined => currentRunTags()?.purpose ?? settings.purpose;
  const jurisdictionNow = (): string | undefined => currentRunTags()?.jurisdiction ?? settings.jurisdiction;
  const protection = (): DataProtection => {
    const purpose = purposeNow();
    const name = purpose ?? '';
    let found = protections.get(name);
    if (!found) {
      found = governedDataProtection(policy, purpose, { ...sink, key });
      protections.set(name, found);
    }
    return found;
  };
  const layer = (drift?: ToolDrift): HarnessLayer => ({
    name: 'declared-governance',
    agent: (inner) => ({
      run: (task, options) => withRunTags(options?.tags, () => inner.run(task, options)),
      resume: (id, options) => withRunTags(options?.tags, () => inner.resume(id, options)),
      stream: (task, options) => streamWithRunTags(options?.tags, () => inner.stream(task, options)),
      resumeStream: (id, options) => streamWithRunTags(options?.tags, () => inner.resumeStream(id, options)),
    }),
    provider: (inner) =>
      residentProvider([{ provider: inner, ...(settings.region !== undefined ? { region: settings.region } : {}), ...(settings.host !== undefined ? { host: settings.host } : {}) }], policy, {
        jurisdiction: jurisdictionNow,
        ...sink,
      }),
    gate: (inner) => {
      const governed = governedGate(inner, policy, sink);
      return drift && drift.drifted.length > 0 ? toolDriftGate(governed, drift, policy, sink) : governed;
    },
    ...(settings.notify ? { approver: (inner: ApproverV1) => notifyingApprover(inner, settings.notify as ApprovalNotifier) } : {}),
  });
  return {
    policy,
    layer,
    async checkDrift(tools, file) {
      const pins = await readToolPins(file);
      if (pins === undefined) {
        await writeToolPins(file, tools);
        return { drifted: [], unpinned: [] };
      }
      return checkToolPins(tools, pins);
    },
    hooks: {
      beforeModel: (ctx) => protection().hooks.beforeModel?.(ctx),
    },
    wrapTool: <T extends ToolV1>(tool: T): T => ({ ...tool, execute: (args, ctx) => protection().wrapTool(tool).execute(args, ctx) }),
  };
}

/** The declared governance of a harness, when its options name one; decisions go to the audit trail's `note`. */
export async function declaredGovernanceFor(
  governance: HarnessGovernance | undefined,
  context: { workdir: string; baseUrl?: string; env: Readonly<Record<string, string | undefined>>; note?: (kind: string, data: JsonObject, runId?: string) => void },
): Promise<DeclaredGovernanceParts | undefined> {
  if (governance === undefined) return undefined;
  const policy = await harnessPolicy(governance, context.workdir);
  if (policy === undefined) return undefined;
  const host = context.baseUrl !== undefined ? new URL(context.baseUrl).hostname : undefined;
  const note = context.note;
  const notify = notifierFor(policy, context.env, note);
  return declaredGovernance(policy, {
    ...(notify ? { notify } : {}),
    ...(governance.purpose !== undefined ? { purpose: governance.purpose } : {}),
    ...(governance.jurisdiction !== undefined ? { jurisdiction: governance.jurisdiction } : {}),
    ...(governance.region !== undefined ? { region: governance.region } : {}),
    ...(host !== undefined ? { host } : {}),
    ...(note ? { onDecision: (record: GovernanceDecisionRecord) => note(GOVERNANCE_DECISION_KIND, { ...record, runId: null }, record.runId) } : {}),
  });
}

/** The tools with pseudonyms restored in their arguments, when a governance file is in force. */
export function governedTools(tools: ToolV1[], declared: DeclaredGovernanceParts | undefined): ToolV1[] {
  return declared ? tools.map((tool) => declared.wrapTool(tool)) : tools;
}

/** A warning per drifted tool (what `toolDrift` does with it) and one for tools that have no pin yet. */
export function driftWarnings(drift: ToolDrift | undefined, policy: EffectiveGovernance | undefined): { path: string; message: string }[] {
  if (!drift || !policy) return [];
  const out = drift.drifted.map((d) => ({ path: 'toolPins', message: `policy.tool_drift: the tool ${d.tool} changed since it was pinned (${policy.toolDrift === 'deny' && policy.mode === 'enforce' ? 'refused: toolDrift is deny' : 'allowed: toolDrift is warn'})` }));
  if (drift.unpinned.length > 0) out.push({ path: 'toolPins', message: `tools without a pin: ${drift.unpinned.join(', ')} (pin them again to freeze them)` });
  return out;
}
