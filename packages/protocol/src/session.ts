import { z } from 'zod';
import { JsonValue } from './json.js';
import { ApprovalAnswer, ApprovalRequest, Owner } from './approval.js';
import { Decision } from './decision.js';
import { Message, ToolCallPart, ToolResultPart } from './message.js';
import { Usage } from './usage.js';
import type { INTERFACE_VERSIONS } from './version.js';

const base = {
  /** Unique record id; stores use it to collapse a record written twice. */
  id: z.string().min(1),
  at: z.string(),
};

export const HeaderRecord = z.object({
  ...base,
  type: z.literal('header'),
  sessionId: z.string().min(1),
  owner: Owner,
  title: z.string().optional(),
  protocolVersion: z.string(),
});
export const MessageRecord = z.object({ ...base, type: z.literal('message'), message: Message });
/** Written when a call is decided, before it runs: a call record with no result means the run died while it ran. */
export const ToolCallRecord = z.object({ ...base, type: z.literal('tool_call'), call: ToolCallPart, decision: Decision.optional() });
export const ToolResultRecord = z.object({ ...base, type: z.literal('tool_result'), result: ToolResultPart });
/** `messages` is the whole history that replaces everything before this record. */
export const CompactionRecord = z.object({
  ...base,
  type: z.literal('compaction'),
  summary: z.string(),
  messages: z.array(Message),
  tokensBefore: z.number().int().nonnegative(),
  tokensAfter: z.number().int().nonnegative(),
});
export const ApprovalRecord = z.object({ ...base, type: z.literal('approval'), request: ApprovalRequest, answer: ApprovalAnswer.optional() });
/** Anything else worth keeping: usage and cost of a run, its stop reason, labels. */
export const MetaRecord = z.object({
  ...base,
  type: z.literal('meta'),
  key: z.string().min(1),
  value: JsonValue,
  usage: Usage.optional(),
  costUsd: z.number().nonnegative().optional(),
});

export const SessionRecord = z.discriminatedUnion('type', [
  HeaderRecord,
  MessageRecord,
  ToolCallRecord,
  ToolResultRecord,
  CompactionRecord,
  ApprovalRecord,
  MetaRecord,
]);
export type SessionRecord = z.infer<typeof SessionRecord>;
export type HeaderRecord = z.infer<typeof HeaderRecord>;
export type MessageRecord = z.infer<typeof MessageRecord>;
export type ToolCallRecord = z.infer<typeof ToolCallRecord>;
export type ToolResultRecord = z.infer<typeof ToolResultRecord>;
export type CompactionRecord = z.infer<typeof CompactionRecord>;
export type ApprovalRecord = z.infer<typeof ApprovalRecord>;
export type MetaRecord = z.infer<typeof MetaRecord>;

export const SessionSummary = z.object({
  id: z.string(),
  owner: Owner,
  title: z.string(),
  messageCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
  costUsd: z.number().nonnegative(),
  version: z.number().int().nonnegative(),
});
export type SessionSummary = z.infer<typeof SessionSummary>;

export interface LoadedSession {
  id: string;
  owner: Owner;
  /** Bumped by every successful append; pass it back as `expectedVersion`. */
  version: number;
  records: SessionRecord[];
  /** What the store repaired or noticed while loading (a torn tail, a duplicate row). */
  warnings: string[];
}

export interface AppendOptions {
  /** The version this append was based on; a stale one fails with `session.version_conflict`. */
  expectedVersion: number;
  /** Re-sending the same operation id is a no-op that returns the first result. */
  opId?: string;
  owner?: Owner;
}

export interface AppendResult {
  version: number;
  /** True when this opId had already been applied and nothing was written. */
  duplicate?: boolean;
}

export interface SessionStoreV1 {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['sessionStore'];
  create(init: { id?: string; owner?: Owner; title?: string }): Promise<{ id: string; version: number }>;
  append(id: string, records: SessionRecord[], options: AppendOptions): Promise<AppendResult>;
  /** Someone else's session behaves exactly like a missing one: `session.not_found`. */
  load(id: string, owner?: Owner): Promise<LoadedSession>;
  list(query?: { userId?: string; tenantId?: string; limit?: number }): Promise<SessionSummary[]>;
  delete(id: string, owner?: Owner): Promise<void>;
  close?(): Promise<void>;
  /**
   * Optional: keeps a session open for this store's appends until the returned function is called
   * (a run holds its session for its life). On the JSONL store that is the file lock and one open
   * descriptor, so an append is a write and an fdatasync, with no open, lock or stat of its own.
   * Never waits: resolves `undefined` when another writer has the session now (appends then lock one
   * by one, as without a hold). A hold does not bypass owners or versions: appends still check both.
   */
  hold?(id: string): Promise<SessionRelease | undefined>;
}

/** Ends a `SessionStoreV1.hold`; after every append made under the hold has finished. Idempotent. */
export type SessionRelease = () => Promise<void>;

/** Short name for `SessionStoreV1`, following the newest version; code that must not move across majors names `SessionStoreV1`. */
export type SessionStore = SessionStoreV1;
