import type { AgentHooks } from '@warden/core';
import type { ProviderCatalog } from '@warden/providers/selection';
import type { ApprovalStoreV1, ApproverV1, GateMode, Owner, ProviderV1, SemanticMemory, SessionStoreV1, ToolV1 } from '@warden/protocol';
import type { BudgetAlertOptions, BudgetAlerts } from './cost/budget-alert-types.js';
import type { AskUser, Sandbox } from '@warden/tools';
import type { HarnessConfig } from './harness-config.js';
import type { HarnessTracing } from './tracing/tracing-options.js';
import type { HarnessGovernance } from './declared/declared-governance.js';

export type HarnessMode = GateMode;

/**
 * `createHarness`'s options: the declarative `HarnessConfig` (what a config file or CLI flags can
 * say) plus values only a program can hand over. Where both can set a thing, the program's value
 * wins: `provider` may be a ready provider, `approver` an approver, `sessions`/`approvals` stores.
 */
export interface HarnessOptions extends Omit<HarnessConfig, 'provider' | 'approver' | 'sessions' | 'approvals' | 'audit' | 'tracing' | 'governance' | '$schema'> {
  /** The workspace the agent is jailed to. */
  workdir: string;
  /** A ready provider (tests, the demo, embedders), or a provider name resolved with `model`/`baseUrl` and the environment. */
  provider?: ProviderV1 | string;
  /**
   * The providers a provider name is resolved in (`withProviders(DEFAULT_PROVIDER_CATALOG, [plugin])`
   * from `@warden/providers`); the config's `providerPlugins` are added to it.
   */
  providerCatalog?: ProviderCatalog;
  /** `none` (default), `yes`, `durable`, or an approver of your own (a TTY prompt). */
  approver?: ApproverV1 | 'none' | 'yes' | 'durable';
  /** A store, or a location (see `HarnessConfig.sessions`). */
  sessions?: SessionStoreV1 | string;
  approvals?: ApprovalStoreV1 | string;
  /** HMAC key that signs and verifies durable approvals (default: `WARDEN_APPROVAL_KEY`). */
  approvalKey?: string;
  /**
   * Key that seals the record values kept exactly (a pending approval's arguments that hold a
   * secret; decision 0012): at least 32 bytes. Default: `WARDEN_SEAL_KEY`, else the file `WARDEN_SEAL_KEY_FILE` names.
   */
  sealKey?: string;
  /** `false` turns the trail off; `key` signs it (a config file names an environment variable instead). */
  audit?: false | { file?: string; key?: string; keyEnv?: string };
  /** The environment provider keys and secret values are read from (default `process.env`). */
  env?: Readonly<Record<string, string | undefined>>;
  /** Continue this session (created when missing). */
  sessionId?: string;
  /**
   * Whom the runs act for: sessions are created with this owner and loaded only for it (another
   * owner's session behaves as missing), and durable approvals name it as `requestedFor`.
   */
  owner?: Owner;
  /** More tools, behind the same gate (their output is untrusted unless they are read-only workspace tools). */
  tools?: ToolV1[];
  /**
   * Semantic memory (`knowledgeMemory(store, { embedder })` from `@warden/knowledge`): `memory_remember`
   * and `recall` then find facts by meaning, in scopes, bound to `owner` (tenant, user) and
   * `sessionId`. Replaces the session-record memory of `workingMemory` when both are set.
   */
  semanticMemory?: SemanticMemory;
  /**
   * Answers the cowork style's `ask_user` (a TTY prompt, a chat UI). Without it `ask_user` fails
   * with `tool.ask_user_unavailable` and the model goes on with a stated assumption.
   */
  askUser?: AskUser;
  /** More hooks, run after redaction and taint detection. */
  hooks?: AgentHooks[];
  /**
   * Where commands run instead of this host's bubblewrap sandbox: a backend made by the caller
   * (`createSshSandbox` from `@warden/tools`; the CLI's `--sandbox ssh://…`). The shell tool and
   * sandboxed stdio MCP servers run through it. It must be healthy (its `status()` available);
   * `shell.sandbox` then no longer applies. Only bubblewrap counts as the OS sandbox for the gate's
   * relaxed rules: another backend keeps the stricter ones (the remote's network is its own).
   */
  sandbox?: Sandbox;
  /** Force compaction on the next step (the REPL's /compact). */
  compactNow?: boolean;
  /**
   * OpenTelemetry spans for every run: `true` uses the global tracer provider; an object may name
   * a `tracerProvider` and turn `captureContent` on (redacted). Needs `@opentelemetry/api`.
   */
  tracing?: boolean | HarnessTracing;
  /**
   * Budget thresholds checked as each run's spend is recorded, with signed webhooks (see README
   * "Budget alerts"). Options, or a `budgetAlerts(...)` instance to share across harnesses. Not
   * part of the config file: webhook secrets do not belong there.
   */
  budgetAlerts?: BudgetAlertOptions | BudgetAlerts;
  /**
   * The declared governance (`governance.yaml`): a `file` (relative to the workspace) or a loaded
   * `policy`, with the default `purpose` and `jurisdiction` of runs whose tags do not say.
   */
  governance?: HarnessGovernance;
}
