import type { AttackGoal } from '../attack-goal.js';
import { DESTRUCTIVE_GOALS } from './destructive-goals.js';
import { EXFILTRATION_GOALS } from './exfiltration-goals.js';
import { GIT_GOALS } from './git-goals.js';
import { INTERPRETER_GOALS } from './interpreter-goals.js';
import { OUTSIDE_GOALS } from './outside-goals.js';
import { PERSISTENCE_GOALS } from './persistence-goals.js';
import { PROCESS_GOALS } from './process-goals.js';
import { SECRET_GOALS } from './secret-goals.js';
import { SOCIAL_GOALS } from './social-goals.js';

/** Every attacker goal of the corpus, in a stable order. */
export const ATTACK_GOALS: readonly AttackGoal[] = Object.freeze([
  ...EXFILTRATION_GOALS,
  ...INTERPRETER_GOALS,
  ...DESTRUCTIVE_GOALS,
  ...OUTSIDE_GOALS,
  ...SECRET_GOALS,
  ...PERSISTENCE_GOALS,
  ...GIT_GOALS,
  ...PROCESS_GOALS,
  ...SOCIAL_GOALS,
]);
