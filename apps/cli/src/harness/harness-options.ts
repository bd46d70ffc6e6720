import type { AgentHooks } from '@warden/core';
import type { ApprovalStoreV1, ApproverV1, ProviderV1, SessionStoreV1, ToolV1 } from '@warden/protocol';

export type HarnessMode = 'safe' | 'yolo' | 'read-only';

/** Everything `warden run` composes, as options for embedding the same harness in a program. */
export interface HarnessOptions {
  /** The workspace the agent is jailed to. */
  workdir: string;
  /** The environment to read provider keys from (default `process.env`). */
  env?: NodeJS.ProcessEnv;
  /** A ready provider (tests, the demo, embedders); otherwise resolved from the names below and the environment. */
  provider?: ProviderV1;
  providerName?: string;
  model?: string;
  baseUrl?: string;
  /** Default `safe`. */
  mode?: HarnessMode;
  /**
   * `yes` answers every ask with an automatic yes (never a deny); `none` (default) denies every ask;
   * `durable` parks each ask as a durable approval (the run stops with `approval`; decide later).
   */
  approver?: ApproverV1 | 'yes' | 'none' | 'durable';
  /** Where durable approvals live (default `WORKDIR/.warden/approvals`). */
  approvals?: ApprovalStoreV1 | string;
  /** HMAC key that signs and verifies durable approvals (default: `WARDEN_APPROVAL_KEY` from the environment). */
  approvalKey?: string;
  /** A store, or a location: a directory, `sqlite:FILE`, `postgres://…`, `redis://…` (default `WORKDIR/.warden/sessions`). */
  sessions?: SessionStoreV1 | string;
  /** Continue this session (created when missing). */
  sessionId?: string;
  maxTurns?: number;
  budget?: { tokens?: number; usd?: number };
  /** Extra, trusted instructions for the system prompt. */
  instructions?: string;
  /** The audit trail: default `WORKDIR/.warden/audit.jsonl`; `false` turns it off. */
  audit?: false | { file?: string; key?: string };
  /** Adds the `shell` tool (default true; the gate still decides every command). */
  allowShell?: boolean;
  shellTimeoutMs?: number;
  /** More tools, behind the same gate. */
  tools?: ToolV1[];
  /** More hooks, run after redaction. */
  hooks?: AgentHooks[];
  /** Force compaction on the next step (the REPL's /compact). */
  compactNow?: boolean;
}
