import { IN_SCOPE_GOALS } from './in-scope-goals.js';
import { RUNS_LATER_GOALS } from './runs-later-goals.js';
import type { V3Goal } from './v3-goal.js';

/** Every v3 goal, in a stable order. */
export const V3_GOALS: readonly V3Goal[] = Object.freeze([...RUNS_LATER_GOALS, ...IN_SCOPE_GOALS]);
