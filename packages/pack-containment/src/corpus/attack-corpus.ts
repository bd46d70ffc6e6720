import type { AttackGoal } from '../attack-goal.js';
import { FILE_GOALS } from './file-goals.js';
import { MEMORY_GOALS } from './memory-goals.js';
import { NETWORK_GOALS } from './network-goals.js';
import { SHELL_GOALS } from './shell-goals.js';

/** Every attacker goal of the corpus, in a stable order (file, shell, network, memory). */
export const ATTACK_GOALS: readonly AttackGoal[] = Object.freeze([...FILE_GOALS, ...SHELL_GOALS, ...NETWORK_GOALS, ...MEMORY_GOALS]);
