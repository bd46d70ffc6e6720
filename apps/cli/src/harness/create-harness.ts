import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createAgent, type Agent, type AgentHooks, type AgentOptions } from '@warden/core';
import type { ApproverV1, GateV1, ProviderV1, SessionStoreV1, ToolV1 } from '@warden/protocol';
import { resolveProvider } from '@warden/providers';
import { createWorkspaceTools } from '@warden/tools';
import { createAuditSink, type AuditSink } from './audit-sink.js';
import { approverFor, durableFor, gateFor, redactionHooks, type DurableApprovals } from './governance-parts.js';
import type { HarnessMode, HarnessOptions } from './harness-options.js';
import { describeStore, openApprovalStore, openSessionStore, parseStoreLocation } from './session-store-url.js';
import { buildSystemPrompt } from './system-prompt.js';
import { observeAgent } from './tee-agent.js';

/** What `createHarness` composed: the agent and every piece it was built from. */
export interface Harness {
  readonly workdir: string;
  readonly mode: HarnessMode;
  readonly provider: ProviderV1;
  readonly tools: readonly ToolV1[];
  readonly gate: GateV1;
  readonly approver?: ApproverV1;
  /** Durable approvals (list, approve, deny, resolve), when the approver is `durable`. */
  readonly approvals?: DurableApprovals;
  readonly store: SessionStoreV1;
  /** A printable name of the store (no password). */
  readonly storeName: string;
  readonly system: string;
  /** The audit trail file, when there is one. */
  readonly auditFile?: string;
  /** True when the next step is forced to compact (the REPL's /compact). */
  readonly compacting: boolean;
  /** The agent: every event also goes to the audit trail. */
  readonly agent: Agent;
  /** The same composition with some options changed (shares the provider, store and audit trail). */
  with(overrides: Partial<HarnessOptions>): Promise<Harness>;
  /** The newest session in the store, for `--resume`. */
  latestSessionId(): Promise<string | undefined>;
  close(): Promise<void>;
}

interface Shared {
  provider: ProviderV1;
  store: SessionStoreV1;
  storeName: string;
  ownsStore: boolean;
  audit?: AuditSink;
  approvals?: DurableApprovals;
}

function budgetOf(options: HarnessOptions): AgentOptions['budget'] {
  const budget: NonNullable<AgentOptions['budget']> = { onExceed: 'stop' };
  if (options.budget?.tokens !== undefined) budget.totalTokens = options.budget.tokens;
  if (options.budget?.usd !== undefined) budget.costUsd = options.budget.usd;
  return budget.totalTokens !== undefined || budget.costUsd !== undefined ? budget : undefined;
}

async function compose(options: HarnessOptions, shared: Shared): Promise<Harness> {
  const workdir = path.resolve(options.workdir);
  const env = options.env ?? process.env;
  const mode = options.mode ?? 'safe';
  const { tools: workspace } = createWorkspaceTools({
    root: workdir,
    allowShell: options.allowShell !== false,
    shell: { env: { ...env }, ...(options.shellTimeoutMs ? { timeoutMs: options.shellTimeoutMs } : {}) },
  });
  const tools = [...workspace, ...(options.tools ?? [])];
  const gate = gateFor(workdir, mode);
  const approver = approverFor(options.approver, shared.approvals);
  const system = await buildSystemPrompt({ workdir, mode, tools, ...(options.instructions ? { instructions: options.instructions } : {}) });
  const hooks: AgentHooks[] = [...redactionHooks(env), ...(options.hooks ?? [])];
  const agentOptions: AgentOptions = {
    provider: shared.provider,
    tools,
    gate,
    session: { store: shared.store, ...(options.sessionId ? { id: options.sessionId } : {}) },
    system,
    hooks,
    context: { workspace: workdir },
  };
  if (approver) agentOptions.approver = approver;
  if (options.maxTurns) agentOptions.maxTurns = options.maxTurns;
  const budget = budgetOf(options);
  if (budget) agentOptions.budget = budget;
  if (options.compactNow) agentOptions.compaction = { thresholdTokens: 1 };
  const core = createAgent(agentOptions);
  const audit = shared.audit;
  const agent = audit ? observeAgent(core, (event) => audit.record(event)) : core;
  const harness: Harness = {
    workdir,
    mode,
    provider: shared.provider,
    tools,
    gate,
    ...(approver ? { approver } : {}),
    ...(shared.approvals ? { approvals: shared.approvals } : {}),
    store: shared.store,
    storeName: shared.storeName,
    system,
    ...(audit ? { auditFile: audit.file } : {}),
    compacting: options.compactNow === true,
    agent,
    with: (overrides) => compose({ ...options, ...overrides }, { ...shared, ownsStore: false }),
    async latestSessionId() {
      const [newest] = await shared.store.list({ limit: 1 });
      return newest?.id;
    },
    async close() {
      await audit?.close();
      if (shared.ownsStore) await shared.store.close?.();
    },
  };
  return harness;
}

/**
 * The composition `warden run` uses (ARCHITECTURE.md §3), as a library function:
 * the provider (explicit, else `--provider`/`--model`/`--base-url`, else the
 * environment), the jailed workspace tools, the governance gate for the mode, the
 * approver (none unless given: every `ask` is then denied), redaction of every
 * tool output, the session store, the system prompt with `WARDEN.md` and the
 * skill list as reference data, and the hash-chained audit trail.
 */
export async function createHarness(options: HarnessOptions): Promise<Harness> {
  const workdir = path.resolve(options.workdir);
  const env = options.env ?? process.env;
  const provider =
    options.provider ??
    resolveProvider({
      env,
      ...(options.providerName ? { provider: options.providerName } : {}),
      ...(options.model ? { model: options.model } : {}),
      ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    });
  let store: SessionStoreV1;
  let storeName: string;
  let ownsStore = false;
  const location = typeof options.sessions === 'object' ? undefined : parseStoreLocation(options.sessions, workdir);
  if (typeof options.sessions === 'object') {
    store = options.sessions;
    storeName = 'custom store';
  } else {
    if (location!.kind === 'jsonl') mkdirSync(location!.dir, { recursive: true });
    store = await openSessionStore(location!);
    storeName = describeStore(location!);
    ownsStore = true;
  }
  let approvals: DurableApprovals | undefined;
  if (options.approver === 'durable') {
    const approvalStore = typeof options.approvals === 'object' ? options.approvals : await openApprovalStore(options.approvals ? parseStoreLocation(options.approvals, workdir) : (location ?? parseStoreLocation(undefined, workdir)));
    approvals = durableFor(approvalStore, options.approvalKey ?? env.WARDEN_APPROVAL_KEY);
  }
  const audit = options.audit === false ? undefined : createAuditSink({ file: options.audit?.file ?? path.join(workdir, '.warden', 'audit.jsonl'), ...(options.audit?.key ? { key: options.audit.key } : {}) });
  return compose({ ...options, workdir }, { provider, store, storeName, ownsStore, ...(audit ? { audit } : {}), ...(approvals ? { approvals } : {}) });
}
