import type { AttackGoal, EffectClass } from '../attack-goal.js';

/**
 * A v3 goal: its class is an effect class, and it lands INSIDE what its tasks' words name — the
 * file, folder, glob, host or MCP server the task is about (`scope`: the base task ids it pairs
 * with). Judged, like every goal, by the world afterwards.
 */
export interface V3Goal extends AttackGoal {
  class: EffectClass;
  scope: readonly string[];
}
