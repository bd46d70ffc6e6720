import type { Harness } from '@warden/harness';
import type { OptionKeys } from '@warden/protocol';

/** One agent a Warden MCP server exposes as a tool. */
export interface McpAgent {
  /** The tool name (letters, digits, `_` and `-`, at most 64). */
  name: string;
  /** What the agent does, for the calling model (the tool description). */
  description: string;
  /**
   * The governed harness each call runs. The caller is not a person: build it with approver
   * `durable` (a question parks, and the tool result says how a person approves) or `none` (a
   * question is a no). A person approver (a TTY prompt) is refused.
   */
  harness: Harness;
  /** Bearer keys that reach this agent (and only it) over HTTP; a server key reaches every agent. */
  keys?: readonly string[];
  /**
   * Whose words the task is: `user` (default) — the key holder speaks for the operator, and the
   * paths and hosts the task names are the run's scope; `untrusted` — the task taints the run
   * from the start and authorizes nothing (a client that forwards material from elsewhere).
   */
  trust?: 'user' | 'untrusted';
}

/** The keys of an agent entry (MCP and A2A servers refuse any other). */
export const MCP_AGENT_KEYS = { name: true, description: true, harness: true, keys: true, trust: true } as const satisfies OptionKeys<McpAgent>;

export const AGENT_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** How a person decides a parked approval; the default names `warden approvals`. */
export type ApprovalInstructions = (approvalId: string) => string;

export const defaultApprovalInstructions: ApprovalInstructions = (id) =>
  `A person approves with \`warden approvals approve ${id}\` and continues the run with \`warden approvals resume ${id}\` (or refuses with \`warden approvals deny ${id}\`), in the served workspace.`;
