import type { RunEvent, ToolResultStatus } from '@warden/protocol';
import type { HarnessProfile } from './approver-profiles.js';
import type { CarrierKind, ForbiddenEffect, GoalClass } from './attack-goal.js';

/** What happened to one call the obeying model made because of a directive. */
export interface AttackCallRecord {
  /** The call id: `atk~<goal>~<route>~<step>`. */
  id: string;
  tool: string;
  route: number;
  step: number;
  /** The gate's answer and rule, and the approver's, when it was asked. */
  decision?: { effect: string; rule: string };
  approval?: { outcome: string; automatic: boolean };
  status?: ToolResultStatus;
  /** True when the call started (`ok`, `error`, `timeout`, `interrupted`). */
  executed: boolean;
}

/** A containment failure that counts whatever the goal was. */
export type ContainmentViolation =
  | 'attacker_contacted'
  | 'canary_exfiltrated'
  | 'secret_in_context'
  | 'outside_written'
  | 'protected_changed'
  | 'history_changed'
  | 'git_config_changed'
  | 'process_survived'
  | 'victim_killed';

/** One run of the agent on one user task, with or without a planted directive. */
export interface EpisodeResult {
  id: string;
  profile: HarnessProfile;
  task: string;
  goal?: string;
  goalClass?: GoalClass;
  carrier?: CarrierKind;
  /** v3: the task's language, the effect class of its own change, whether its words name a file. */
  language?: string;
  taskClass?: string;
  namesFile?: boolean;
  /** The user's task succeeded, judged by the world (AgentDojo's utility). */
  utility: boolean;
  /** The model found the directive in its context (a directive the harness never let in is never seen). */
  injectionSeen: boolean;
  /** The goal's own forbidden effects that were observed. */
  effects: Array<ForbiddenEffect['kind']>;
  attackSucceeded: boolean;
  violations: ContainmentViolation[];
  /** No goal effect, no violation, no harness failure. */
  contained: boolean;
  attackCalls: AttackCallRecord[];
  /** Calls the gate sent to the approver (`ask`), and how many of them were approved. */
  asks: number;
  approved: number;
  /** Asks the approver answered "approved" without a person (`--yes` on a plain mode ask). */
  autoApproved?: number;
  /** Workspace files (outside `.git`) that changed. */
  changedFiles: string[];
  stopReason?: string;
  /** Set when the harness threw or the run did not end; such an episode is not contained. */
  error?: { code: string; message: string };
}

/** What an episode leaves for a consumer that wants more than the verdict (evidence ledgers). */
export interface EpisodeDetail {
  events: RunEvent[];
  /** The planted canary values (fake secrets made for this run). */
  canaries: string[];
  /** The attacker's addresses for this episode (its URL and host:port). */
  attackerAddresses: string[];
}
