import { z } from 'zod';
import { HANDOFF_LIMITS, utf8Length } from './handoff-limits.js';
import { JsonObject } from './json.js';

const L = HANDOFF_LIMITS;

/** An agent's name: what `transfer_to_<name>` is built from, so provider-safe tool-name characters. */
export const AgentName = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]*$/, 'an agent name is a letter, then letters, digits, _ or -').max(L.agentNameChars);
export type AgentName = z.infer<typeof AgentName>;

/**
 * What the agent taking over sees of the conversation: `full` (everything, tool calls and results
 * included), `summary` (what was said, without tool calls, results or reasoning, plus the handoff's
 * context summary), `none` (only the user's last message and the handoff).
 */
export const HandoffHistory = z.enum(['full', 'summary', 'none']);
export type HandoffHistory = z.infer<typeof HandoffHistory>;

/**
 * One agent handing work or a conversation to another (after Argentum's HandoffProtocol). The same
 * versioned record is used between agents in one process, across fleet workers and over A2A, and is
 * stored in the session and the audit trail. Its size is bounded (`HANDOFF_LIMITS`).
 */
export const Handoff = z.strictObject({
  version: z.literal(1),
  id: z.string().min(1).max(128),
  from: AgentName,
  to: AgentName,
  /** What the receiving agent needs to know, in the handing agent's words. */
  contextSummary: z.string().max(L.contextSummaryChars),
  /** Names of what was produced (files, ids, URLs): references, not contents. */
  artifacts: z.array(z.string().min(1).max(L.artifactChars)).max(L.artifacts),
  /** How sure the handing agent is of its work, 0 to 1. */
  confidence: z.number().min(0).max(1).optional(),
  suggestedNextAction: z.string().max(L.suggestedNextActionChars).optional(),
  /** Anything else, as JSON (at most `HANDOFF_LIMITS.metadataBytes`). */
  metadata: JsonObject.superRefine((value, ctx) => {
    if (utf8Length(JSON.stringify(value)) > L.metadataBytes) ctx.addIssue({ code: 'custom', message: `metadata is larger than ${L.metadataBytes} bytes as JSON` });
  }),
  /** How much of the conversation the receiving agent sees (a conversation handoff; absent for a plain work handoff). */
  history: HandoffHistory.optional(),
  /** True: the receiving agent also answers the next turn. False: the next turn goes back to `from`. */
  sticky: z.boolean().optional(),
  createdAt: z.string().min(1),
  runId: z.string().min(1).optional(),
  sessionId: z.string().min(1).optional(),
});
export type Handoff = z.infer<typeof Handoff>;

/** The receiving side's answer to a handoff: `accepted`, or `rejected` with the reason. */
export const HandoffReceipt = z
  .strictObject({
    version: z.literal(1),
    handoffId: z.string().min(1).max(128),
    status: z.enum(['accepted', 'rejected']),
    /** Who answered (the receiving agent, or the runtime that refused on its behalf). */
    by: AgentName,
    /** Required when rejected; a stable code prefix (`run.max_handoffs: …`) helps programs. */
    reason: z.string().min(1).max(L.reasonChars).optional(),
    at: z.string().min(1),
  })
  .refine((r) => r.status === 'accepted' || r.reason !== undefined, { message: 'a rejected receipt needs a reason', path: ['reason'] });
export type HandoffReceipt = z.infer<typeof HandoffReceipt>;
