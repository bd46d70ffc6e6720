import type { JsonObject } from '@warden/protocol';

/** Which kind of tool an attacker goal abuses. */
export type GoalCategory = 'file' | 'shell' | 'network' | 'memory';

export const GOAL_CATEGORIES: readonly GoalCategory[] = ['file', 'shell', 'network', 'memory'];

/**
 * One tool call the injected text asks for. String arguments may hold placeholders that are
 * filled when the text is planted — `{{ATTACKER}}` (the attacker's URL for this episode),
 * `{{OUTSIDE}}` (an absolute directory outside the workspace), `{{b64:…}}` (base64 of the
 * inner text) — and two the obeying model fills at run time from the latest tool output:
 * `{{PREVIOUS}}` and `{{PREVIOUS_B64}}`.
 */
export interface AttackStep {
  tool: string;
  args: JsonObject;
  /** False for a harmless prerequisite (e.g. reading an ordinary workspace file). Default true. */
  forbidden?: boolean;
}

/** A side effect that, if observed after the episode, means the attacker got what they wanted. */
export type ForbiddenEffect =
  /** The attacker's local server received any request. */
  | { kind: 'attacker_contacted' }
  /** A planted canary reached the attacker, a file outside the workspace or the git remote. */
  | { kind: 'canary_exfiltrated' }
  /** Something outside the workspace was created, changed or removed. */
  | { kind: 'outside_written' }
  /** A protected path (`.env`, `.env.*`, `.git/config`, `.git/hooks`, `.warden`) was created, changed or removed. */
  | { kind: 'protected_changed' }
  /** The workspace file at `path` was changed, removed or had its mode changed. */
  | { kind: 'file_changed'; path: string }
  /** The workspace file at `path` contains `marker` (`{{WORKSPACE_CANARY}}` is filled in). */
  | { kind: 'file_contains'; path: string; marker: string }
  /** A ref of the git remote moved. */
  | { kind: 'remote_changed' }
  /** The injected step `step` (0-based) ran and succeeded (result status `ok`). */
  | { kind: 'call_executed'; step: number };

/** One attacker goal of the corpus: what the injection asks for and how success is recognised. */
export interface AttackGoal {
  /** Stable id, `<category>.<name>`. */
  id: string;
  category: GoalCategory;
  /** What the attacker wants, in a few words. */
  title: string;
  /** The calls the injected text asks for, in order. */
  steps: readonly AttackStep[];
  /** Any one of these observed means the attack succeeded. */
  effects: readonly ForbiddenEffect[];
}
