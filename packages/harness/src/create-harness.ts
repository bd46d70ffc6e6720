import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createAgent, type AgentOptions } from '@warden/core';
import { planGate, taskScope, type PolicyGate, type Redactor } from '@warden/governance';
import type { Handoff, HandoffReceipt, Owner, ApproverV1, ProviderV1, RunScope, SessionStoreV1, TaintSource, ToolV1 } from '@warden/protocol';
import { createPriceTable, type PriceTable } from '@warden/providers/catalog';
import { resolveProvider } from '@warden/providers/selection';
import { a2aAgent, createSandbox, createWorkspaceTools, memorySessionId, type Sandbox } from '@warden/tools';
import { workingMemoryTools } from './working-memory-tools.js';
import { coreBudget, handoffOptions, runtimeAgentOptions } from './agent-team.js';
import { workspaceAttachments } from './attachments/workspace-attachments.js';
import { loadProviderPlugins } from './load-provider-plugins.js';
import { createAuditSink, type AuditSink } from './audit-sink.js';
import type { BudgetAlerts } from './cost/budget-alert-types.js';
import { budgetAlerts } from './cost/budget-alerts.js';
import { ownerName } from './cost/cost-tracker.js';
import type { GovernedAgent, HarnessResumeOptions, HarnessRunOptions } from './governed-agent.js';
import { harnessPipeline } from './pipeline/harness-pipeline.js';
import type { SpendReport } from './cost/cost-report.js';
import { trackStoredSpend, type SpendQuery } from './cost/load-spend.js';
import { approverFor, durableFor, gateFor, governanceHooks, harnessRedactor, loadPolicies, railEventsFor, type DurableApprovals } from './governance-parts.js';
import { BUILTIN_TOOL_NAMES } from './harness-config.js';
import type { HarnessMode, HarnessOptions } from './harness-options.js';
import { connectMcpServers, requiredServerFailure, type ConnectedMcp } from './mcp-servers.js';
import { boundedApprovalStore, boundedSessionStore } from './records/bounded-stores.js';
import { createRecordBoundary } from './records/record-boundary.js';
import { createRecordSealer } from './records/record-sealer.js';
import { describeStore, openApprovalStore, openSessionStore, parseStoreLocation } from './session-store-url.js';
import { recordRejectedHandoff } from './record-rejected-handoff.js';
import { buildSystemPrompt } from './system-prompt.js';
import { toolTraceHeaders } from './tracing/tool-trace-headers.js';
import { createTracingRuntime, type TracingRuntime } from './tracing/tracing-runtime.js';
import { assertHarnessOptions, type OptionIssue } from './validate-options.js';
import { configError } from './coded-errors.js';
import { applyToolControls } from './tool-controls.js';
import { styleParts } from './work-style/work-style.js';
import { declaredGovernanceFor, driftWarnings, governedTools } from './declared/declared-governance.js';
import { identityScoped, identityTools } from './declared/identity-scope.js';

/** What `createHarness` composed: the governed agent and every piece it was built from. */
export interface Harness {
  readonly workdir: string;
  readonly mode: HarnessMode;
  readonly provider: ProviderV1;
  readonly tools: readonly ToolV1[];
  readonly gate: PolicyGate;
  readonly approver?: ApproverV1;
  /** Durable approvals (list, approve, deny, resolve), when the approver is `durable`. */
  readonly approvals?: DurableApprovals;
  readonly store: SessionStoreV1;
  /** A printable name of the store (no password). */
  readonly storeName: string;
  /** The price table: the built-in prices with the config's `prices` over them (spend reports use it too). */
  readonly prices: PriceTable;
  /** The budget alerts every run's spend goes to, when `budgetAlerts` was given (deliveries, `settled()`). */
  readonly budgetAlerts?: BudgetAlerts;
  readonly system: string;
  /** Untrusted content every run starts with (project memory, skills, untrusted MCP tool descriptions). */
  readonly initialTaint: readonly TaintSource[];
  /** Option warnings, gate warnings and MCP servers that failed, in words. */
  readonly warnings: readonly OptionIssue[];
  /** The audit trail file, when there is one. */
  readonly auditFile?: string;
  /** True when the next step is forced to compact (the REPL's /compact). */
  readonly compacting: boolean;
  /** The governed agent; `run`, `stream`, `resume` and `resumeStream` below are its methods. */
  readonly agent: GovernedAgent;
  run: GovernedAgent['run'];
  stream: GovernedAgent['stream'];
  resume: GovernedAgent['resume'];
  resumeStream: GovernedAgent['resumeStream'];
  /**
   * Drains every run of this harness in flight: each finishes the step it is in, records it and
   * ends with `stopReason: 'stopped'` (a run's own `stopSignal` does the same for one run).
   */
  stop(reason?: string): void;
  /** Cancels every run of this harness in flight at the next safe boundary (`stopReason: 'aborted'`). */
  abort(reason?: string): void;
  /** The scope a task would run with (what `warden run --explain-scope` prints). */
  explainScope(task: string, trust?: HarnessRunOptions['trust']): RunScope;
  /** The same composition with some options changed (shares the provider, stores, MCP servers and audit trail). */
  with(overrides: Partial<HarnessOptions>): Promise<Harness>;
  /**
   * Stores a handoff from outside (a fleet job, an A2A message) that was refused before any run
   * started: the receipt, and the record when it was readable, in the session and the audit trail
   * (for `owner`, default the harness's). An accepted one is stored by the run it starts (`run(task, { received })`).
   */
  recordRejectedHandoff(sessionId: string, rejected: { handoff?: Handoff; receipt: HandoffReceipt }, owner?: Owner): Promise<void>;
  /**
   * Spend over the stored sessions (what `warden report` shows): by agent, model, task, owner and
   * run, priced from this harness's price table, with the hit rate of `cacheable` tools.
   */
  report(query?: SpendQuery): Promise<SpendReport>;
  /** The newest session in the store, for `--resume`. */
  latestSessionId(): Promise<string | undefined>;
  close(): Promise<void>;
}

export type { HarnessRunOptions, HarnessResumeOptions };

interface Shared {
  provider: ProviderV1;
  redactor: Redactor;
  /** The OS sandbox when it is on and healthy. */
  sandbox?: Sandbox;
  store: SessionStoreV1;
  storeName: string;
  prices: PriceTable;
  ownsStore: boolean;
  audit?: AuditSink;
  approvals?: DurableApprovals;
  mcp?: ConnectedMcp;
  /** Present when tracing is on: the provider, gate, approver and agent are wrapped with spans. */
  tracing?: TracingRuntime;
  alerts?: BudgetAlerts;
  owner: boolean;
}

function builtinTools(options: HarnessOptions, workdir: string, env: Readonly<Record<string, string | undefined>>, redactor: Redactor, sandbox?: Sandbox): ToolV1[] {
  // The chat style has no workspace tools unless the configuration turns one on by name.
  const off = new Set(BUILTIN_TOOL_NAMES.filter((name) => options.builtinTools?.[name] === false || (options.style === 'chat' && options.builtinTools?.[name] !== true)));
  const shellOn = !off.has('shell');
  const { tools } = createWorkspaceTools({
    root: workdir,
    allowShell: shellOn,
    // Every cut (grep's line cap, read_file's byte cap, the shell's head/tail) cuts redacted text.
    redact: (text) => redactor.redact(text),
    ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
    ...(options.memoryFile ? { memoryFile: options.memoryFile } : {}),
    ...(options.skillsDir ? { skillsDir: options.skillsDir } : {}),
    shell: { env: { ...env }, ...(options.shell?.timeoutMs ? { timeoutMs: options.shell.timeoutMs } : {}), ...(sandbox ? { sandbox } : {}) },
  });
  return tools.filter((tool) => !off.has(tool.name as (typeof BUILTIN_TOOL_NAMES)[number]));
}

/** The configured remote A2A agents as tools; with tracing on, each call carries its tool span's `traceparent`. */
function a2aTools(options: HarnessOptions, env: Readonly<Record<string, string | undefined>>, tracing: TracingRuntime | undefined): ToolV1[] {
  return (options.a2aAgents ?? []).map((entry) => {
    const apiKey = entry.keyEnv ? env[entry.keyEnv] : undefined;
    return a2aAgent({
      url: entry.url,
      name: entry.name,
      ...(entry.description ? { description: entry.description } : {}),
      ...(apiKey ? { apiKey } : {}),
      ...(entry.headers ? { headers: entry.headers } : {}),
      ...(entry.trust ? { trust: entry.trust } : {}),
      ...(entry.timeoutMs ? { timeoutMs: entry.timeoutMs } : {}),
      ...(entry.handoffFrom ? { handoffFrom: entry.handoffFrom } : {}),
      ...(entry.handoffTo ? { handoffTo: entry.handoffTo } : {}),
      ...(tracing ? { callHeaders: (ctx) => toolTraceHeaders(tracing, ctx.callId) } : {}),
    });
  });
}

/** The configured memory file and skills folder: instruction files on top of the effect table's own. */
function instructionFiles(options: HarnessOptions): string[] {
  const out: string[] = [];
  if (options.memoryFile) out.push(options.memoryFile.replace(/^\.\/+/, ''));
  if (options.skillsDir) out.push(`${options.skillsDir.replace(/^\.\/+/, '').replace(/\/+$/, '')}/**`);
  return out;
}

async function compose(given: HarnessOptions, shared: Shared, warnings: OptionIssue[]): Promise<Harness> {
  const workdir = path.resolve(given.workdir);
  const env = given.env ?? process.env;
  // The declared governance (governance.yaml): purpose, pseudonymisation, residency, the governed gate, tool drift, approval notices.
  const declared = await declaredGovernanceFor(given.governance, { workdir, env, ...(given.baseUrl ? { baseUrl: given.baseUrl } : {}), ...(shared.audit ? { note: (kind, data, runId) => void shared.audit?.note(kind, data, runId) } : {}) });
  // Least privilege through delegation; a prohibited use is refused here, before anything runs.
  const options = identityScoped(given, declared?.policy);
  const mode = options.mode ?? 'safe';
  const { redactor } = shared;
  const workspaceTools = builtinTools(options, workdir, env, redactor, shared.sandbox);
  const style = styleParts(options.style, { ...(options.depth ? { depth: options.depth } : {}), ...(options.askUser ? { ask: options.askUser } : {}) });
  const remoteAgents = a2aTools(options, env, shared.tracing);
  const toolWarnings: OptionIssue[] = [];
  const controlled = applyToolControls([...workspaceTools, ...style.tools, ...workingMemoryTools(options, shared.store), ...(shared.mcp?.tools ?? []), ...remoteAgents, ...(options.tools ?? [])], options.toolControls, toolWarnings);
  const tools = governedTools(identityTools(controlled, options.identity), declared);
  const drift = declared ? await declared.checkDrift(tools, path.resolve(workdir, options.toolPins ?? '.warden/tool-pins.json')) : undefined;
  toolWarnings.push(...driftWarnings(drift, declared?.policy));
  // Trusted remote agents' answers do not taint, like trusted MCP servers' results.
  const trustedTools = new Set([...(shared.mcp?.trustedTools ?? []), ...(options.a2aAgents ?? []).filter((entry) => entry.trust === 'trusted').map((entry) => entry.name)]);
  const policies = await loadPolicies(workdir, options.policies);
  const gateForMode = (gateMode: HarnessMode) => gateFor(workdir, { mode: gateMode, policies, ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}), instructionFiles: instructionFiles(options), sandboxActive: shared.sandbox !== undefined && (shared.sandbox.kind ?? 'bwrap') === 'bwrap', review: options.review && { provider: shared.provider, policy: options.review } });
  // Calls that conform to the run's plan (plan-first mode, or a plan a program hands over) are not asked about again.
  const gate = planGate(gateForMode(mode));
  const approver = approverFor(options.approver, shared.approvals, redactor);
  // The system prompt is read with the full workspace tools, whichever are switched on for the model.
  const promptWith = async (instructions: string | undefined) => {
    const built = await buildSystemPrompt({ workdir, mode, tools: builtinTools({ ...options, style: undefined, builtinTools: {} }, workdir, env, redactor), ...(instructions ? { instructions } : {}), ...(options.memoryFile ? { memoryFile: options.memoryFile } : {}) });
    return style.prompt === '' ? built : { ...built, text: `${built.text}\n\n${style.prompt}` };
  };
  const prompt = await promptWith(options.instructions);
  const initialTaint = [...prompt.taint, ...(shared.mcp?.taint ?? [])];
  const railEvents = railEventsFor(options.guardrails);
  const hooks = [...governanceHooks({ redactor, trustedTools, provider: shared.provider, railEvents, guardrails: options.guardrails }), ...style.hooks, ...(options.hooks ?? []), ...(declared ? [declared.hooks] : [])];
  const audit = shared.audit;
  // The layers around the agent, in the one order written in harness-pipeline.ts.
  const pipeline = harnessPipeline({
    observers: { redactor, ...(audit ? { observe: (event) => audit.record(event), flush: () => audit.flush() } : {}) },
    rails: railEvents,
    ...(shared.tracing ? { tracing: shared.tracing } : {}),
    ...(declared ? { declared: declared.layer(drift) } : {}),
    ...(shared.alerts ? { alerts: { alerts: shared.alerts, owner: ownerName(options.owner), prices: shared.prices } } : {}),
    ...(options.planFirst
      ? {
          planFirst: {
            provider: shared.provider,
            tools,
            mode,
            ...(approver ? { approver } : {}),
            redact: (text: string) => redactor.redact(text),
            trusted: (name: string) => !(shared.mcp?.tools ?? []).some((t) => t.name === name) || (shared.mcp?.trustedTools.has(name) ?? false),
          },
        }
      : {}),
  });
  const agentOptions: AgentOptions = {
    provider: pipeline.wrap('provider', shared.provider),
    tools,
    gate: pipeline.wrap('gate', gate),
    session: { store: shared.store, ...(options.sessionId ? { id: options.sessionId } : {}), ...(options.owner ? { owner: options.owner } : {}) },
    system: prompt.text,
    hooks,
    context: { workspace: workdir, ...(options.owner?.userId !== undefined ? { userId: options.owner.userId } : {}), ...(options.owner?.tenantId !== undefined ? { tenantId: options.owner.tenantId } : {}) },
    ...(approver ? { approver: pipeline.wrap('approver', approver) } : {}),
    ...(options.maxTurns ? { maxTurns: options.maxTurns } : style.maxTurns ? { maxTurns: style.maxTurns } : {}),
    ...(options.streaming === false ? { streaming: false } : {}),
    ...(options.compactNow ? { compaction: { thresholdTokens: 1 } } : {}),
    ...(options.subagents ? { subagents: options.subagents } : {}),
    // Handoff agents get the governed gate of a stricter mode when they ask for one; core intersects it with `gate`.
    ...(await handoffOptions(options.handoffs, { mode, gateFor: (m) => pipeline.wrap('gate', gateForMode(m)), promptFor: async (instructions) => (await promptWith(instructions)).text })),
  };
  const runtimeAgents = runtimeAgentOptions(options.runtimeAgents);
  if (runtimeAgents) agentOptions.runtimeAgents = runtimeAgents;
  const budget = coreBudget(options.budget);
  if (budget) agentOptions.budget = budget;
  const scopeFor = (task: string, trust: 'user' | 'untrusted'): RunScope =>
    taskScope(trust === 'untrusted' ? '' : task, {
      workspace: workdir,
      ...(options.scope?.paths ? { paths: options.scope.paths } : {}),
      ...(options.scope?.hosts ? { hosts: options.scope.hosts } : {}),
      ...(options.scope?.tools ? { tools: options.scope.tools } : {}),
      toolServers: Object.keys(options.mcpServers ?? {}),
      agentTools: (options.a2aAgents ?? []).map((entry) => entry.name),
      ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
    });
  const agent = pipeline.agent(createAgent(agentOptions), { scopeFor, initialTaint, attach: workspaceAttachments(workdir, shared.provider) });
  const control = pipeline.control;
  const allWarnings = [...warnings, ...toolWarnings, ...gate.warnings.map((message) => ({ path: 'policies', message })), ...(shared.mcp?.failures ?? []).map((f) => ({ path: `mcpServers.${f.server}`, message: `${f.code}: ${f.message}` }))];
  return {
    workdir,
    mode,
    provider: shared.provider,
    tools,
    gate,
    ...(approver ? { approver } : {}),
    ...(shared.approvals ? { approvals: shared.approvals } : {}),
    store: shared.store,
    storeName: shared.storeName,
    prices: shared.prices,
    ...(shared.alerts ? { budgetAlerts: shared.alerts } : {}),
    system: prompt.text,
    initialTaint,
    warnings: allWarnings,
    ...(audit ? { auditFile: audit.file } : {}),
    compacting: options.compactNow === true,
    agent,
    run: agent.run,
    stream: agent.stream,
    resume: agent.resume,
    resumeStream: agent.resumeStream,
    stop: (reason) => control.stop(reason),
    abort: (reason) => control.abort(reason),
    explainScope: (task, trust = 'user') => scopeFor(task, trust),
    recordRejectedHandoff: (sessionId, rejected, owner = options.owner) => recordRejectedHandoff({ store: shared.store, redactor, ...(audit ? { audit } : {}) }, sessionId, rejected, owner),
    with: (overrides) => compose({ ...options, ...overrides }, { ...shared, ownsStore: false, owner: false }, warnings),
    async report(query) {
      return (await trackStoredSpend(shared.store, shared.prices, query)).report(query?.since ? { since: query.since.toISOString() } : {});
    },
    async latestSessionId() {
      // The working-memory session is not a conversation to resume.
      const recent = await shared.store.list({ limit: 8, ...(options.owner?.userId !== undefined ? { userId: options.owner.userId } : {}), ...(options.owner?.tenantId !== undefined ? { tenantId: options.owner.tenantId } : {}) });
      return recent.find((s) => s.id !== memorySessionId(options.owner))?.id;
    },
    async close() {
      if (!shared.owner) return;
      // A sandbox the caller handed over is the caller's to keep or close.
      if (options.sandbox === undefined) shared.sandbox?.close();
      await shared.mcp?.close();
      await audit?.close();
      if (shared.ownsStore) await (shared.store as SessionStoreV1 & { close?(): Promise<void> }).close?.();
    },
  };
}

function isBudgetAlerts(value: NonNullable<HarnessOptions['budgetAlerts']>): value is BudgetAlerts {
  return typeof (value as Partial<BudgetAlerts>).record === 'function';
}

/**
 * The OS sandbox for the shell, when asked for and healthy. `auto` without a working sandbox says
 * so once (a warning) and keeps the stricter rules; `on` without one fails here, before any run.
 */
export async function openSandbox(options: HarnessOptions, workdir: string, warnings: OptionIssue[]): Promise<Sandbox | undefined> {
  if (options.sandbox !== undefined) {
    const given = await options.sandbox.status();
    if (given.available) return options.sandbox;
    throw configError({ code: 'config.invalid', message: `the ${options.sandbox.kind ?? 'bwrap'} sandbox is unavailable: ${given.reason}`, hint: 'Run "warden sandboxes --check" to see what each backend needs.' });
  }
  const mode = options.shell?.sandbox ?? 'auto';
  if (mode === 'off' || options.builtinTools?.shell === false) return undefined;
  const sandbox = createSandbox({
    workspace: workdir,
    mode,
    allowedHosts: options.shell?.allowedHosts ?? options.scope?.hosts ?? [],
    ...(options.shell?.writablePaths ? { writablePaths: options.shell.writablePaths.map((p) => path.resolve(workdir, p)) } : {}),
    ...(options.shell?.readableHomePaths ? { readableHomePaths: options.shell.readableHomePaths } : {}),
  });
  const status = await sandbox.status();
  if (status.available) return sandbox;
  sandbox.close();
  if (mode === 'on') {
    throw configError({ code: 'config.invalid', message: `shell.sandbox is "on" but the OS sandbox is unavailable: ${status.reason}`, hint: 'Install bubblewrap (apt-get install bubblewrap), run "warden doctor", or set shell.sandbox to "auto".' });
  }
  warnings.push({ path: 'shell.sandbox', message: `the OS sandbox is unavailable (${status.reason}); commands run without it, under the stricter rules` });
  return undefined;
}

/**
 * The one governed composition (ARCHITECTURE.md §3), used by the CLI, the containment pack, the
 * examples and the bench. In the one order that is safe: the provider; the jailed workspace tools
 * (each can be switched off), MCP servers and the caller's tools; the gate for the mode with the
 * deny list, protected paths, the parsed-shell analyzer and task-scoped authorization; the
 * approver wrapped so an automatic yes never counts where a person is needed; redaction, then
 * taint detection, then guardrails, then the caller's hooks; the durable session; the system
 * prompt with the project memory and skills as repository content (tainting the run); and the
 * hash-chained audit trail. Options are validated all at once (`validateHarnessOptions`).
 */
export async function createHarness(options: HarnessOptions): Promise<Harness> {
  const warnings = assertHarnessOptions(options);
  const workdir = path.resolve(options.workdir);
  const env = options.env ?? process.env;
  const prices = createPriceTable({ models: (options.prices ?? []).map((p) => ({ source: 'config', ...p })) });
  const catalog =
    options.providerPlugins && options.providerPlugins.length > 0 && typeof options.provider !== 'object'
      ? await loadProviderPlugins(options.providerPlugins, workdir, options.providerCatalog)
      : options.providerCatalog;
  const provider =
    typeof options.provider === 'object'
      ? options.provider
      : resolveProvider({
          env,
          prices,
          ...(catalog ? { catalog } : {}),
          ...(typeof options.provider === 'string' ? { provider: options.provider } : {}),
          ...(options.model ? { model: options.model } : {}),
          ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
          ...(options.timeouts ? { transport: { ...(options.timeouts.idleMs ? { idleTimeoutMs: options.timeouts.idleMs } : {}), ...(options.timeouts.requestMs ? { timeoutMs: options.timeouts.requestMs } : {}) } } : {}),
        });
  const redactor = harnessRedactor(env);
  // The one redaction boundary of everything written to the session and approval stores.
  const boundary = createRecordBoundary(redactor, createRecordSealer({ key: options.sealKey, env }));
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
    approvals = durableFor(boundedApprovalStore(approvalStore, boundary), options.approvalKey ?? env.WARDEN_APPROVAL_KEY);
  }
  const auditKey = options.audit === false ? undefined : (options.audit?.key ?? (options.audit?.keyEnv ? env[options.audit.keyEnv] : undefined));
  const audit = options.audit === false ? undefined : createAuditSink({ file: options.audit?.file ? path.resolve(workdir, options.audit.file) : path.join(workdir, '.warden', 'audit.jsonl'), ...(auditKey ? { key: auditKey } : {}) });
  store = boundedSessionStore(store, boundary);
  const sandbox = await openSandbox(options, workdir, warnings);
  // Nothing of OpenTelemetry is loaded unless tracing is on.
  const tracing = options.tracing ? await createTracingRuntime({ tracing: options.tracing === true ? {} : options.tracing, redact: (text) => redactor.redact(text) }) : undefined;
  const alerts = options.budgetAlerts === undefined ? undefined : isBudgetAlerts(options.budgetAlerts) ? options.budgetAlerts : budgetAlerts(options.budgetAlerts);
  const mcp = await connectMcpServers(options.mcpServers, (text) => redactor.redact(text), sandbox, tracing ? (ctx) => toolTraceHeaders(tracing, ctx.callId) : undefined);
  // A configured server that did not start fails the run here, before any model call (#47): never a run without its tools that ends "done".
  const failed = requiredServerFailure(options.mcpServers, mcp);
  if (failed !== undefined) {
    await mcp?.close();
    if (options.sandbox === undefined) sandbox?.close();
    await audit?.close();
    if (ownsStore) await (store as SessionStoreV1 & { close?(): Promise<void> }).close?.();
    throw failed;
  }
  return compose({ ...options, workdir }, { provider, redactor, ...(sandbox ? { sandbox } : {}), store, storeName, prices, ownsStore, owner: true, ...(audit ? { audit } : {}), ...(approvals ? { approvals } : {}), ...(mcp ? { mcp } : {}), ...(tracing ? { tracing } : {}), ...(alerts ? { alerts } : {}) }, warnings);
}
