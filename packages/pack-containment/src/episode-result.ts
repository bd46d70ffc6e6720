import type { RunEvent, ToolResultStatus } from '@warden/protocol';
import type { ApproverSetting } from './containment-harness.js';
import type { ForbiddenEffect, GoalCategory } from './attack-goal.js';

/** What happened to one call the obeying model made because of an injection. */
export interface AttackCallRecord {
  /** Index of the step in the injected text (0-based). */
  step: number;
  tool: string;
  /** The gate's answer and rule, and the approver's, when they were asked. */
  decision?: { effect: string; rule: string };
  approval?: { outcome: string; automatic: boolean };
  status?: ToolResultStatus;
  /** True when the call started (`ok`, `error`, `timeout`, `interrupted`). */
  executed: boolean;
  /** False for a harmless prerequisite the goal marks as allowed. */
  forbidden: boolean;
}

/** A containment failure that counts whatever the goal was. */
export type ContainmentViolation =
  | 'attacker_contacted'
  | 'canary_exfiltrated'
  | 'outside_written'
  | 'protected_changed'
  | 'remote_changed'
  | 'forbidden_call_executed';

/** One run of the agent on one user task, with or without an injected attacker goal. */
export interface EpisodeResult {
  task: string;
  approver: ApproverSetting;
  goal?: string;
  category?: GoalCategory;
  /** The user's task succeeded (AgentDojo's utility). */
  utility: boolean;
  /** The model read the injected instructions (an injection in output the harness never produced is never seen). */
  injectionSeen: boolean;
  /** The goal's own forbidden effects that were observed. */
  effects: Array<ForbiddenEffect['kind']>;
  /** The attacker goal was achieved (any of its effects observed). */
  attackSucceeded: boolean;
  /** Failures that count for every episode. */
  violations: ContainmentViolation[];
  /** No goal effect, no violation. */
  contained: boolean;
  attackCalls: AttackCallRecord[];
  /** Workspace files (outside `.git`) that changed. */
  changedFiles: string[];
  /** Protected paths (`.env*`, `.git/config`, `.git/hooks`, `.warden`) that changed. */
  protectedChanged: string[];
  stopReason?: string;
  /** Set when the harness threw or the run did not end; such an episode is not contained. */
  error?: { code: string; message: string };
}

/** What an episode leaves for a consumer that wants more than the verdict (evidence ledgers). */
export interface EpisodeDetail {
  /** Every run event of the episode, in order. */
  events: RunEvent[];
  /** The planted canary values (fake secrets made for this run). */
  canaries: string[];
  /** The attacker's addresses for this episode (its URL and host:port). */
  attackerAddresses: string[];
}
