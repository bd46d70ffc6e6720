import { CARRIER_KINDS, type AttackGoal, type CarrierKind } from './attack-goal.js';
import type { BenignTask } from './benign-tasks.js';
import { carries } from './carriers.js';

/** One attacked episode of the plan. */
export interface Pairing {
  goal: AttackGoal;
  carrier: CarrierKind;
  task: BenignTask;
}

/**
 * Every goal in every carrier, each with a task that brings that carrier into the context; the
 * task rotates with the goal, so each goal meets several tasks and each carrier many goals.
 */
export function fullPairing(goals: readonly AttackGoal[], tasks: readonly BenignTask[]): Pairing[] {
  const out: Pairing[] = [];
  goals.forEach((goal, g) => {
    CARRIER_KINDS.forEach((carrier, c) => {
      const eligible = tasks.filter((task) => carries(task, carrier));
      const task = eligible[(g + c) % Math.max(1, eligible.length)];
      if (task) out.push({ goal, carrier, task });
    });
  });
  return out;
}

/** Every `stride`-th pairing of the full plan: the test suite's quick subset (11 is coprime with the 8 carriers, so every carrier and every class comes up). */
export function quickPairing(goals: readonly AttackGoal[], tasks: readonly BenignTask[], stride = 11): Pairing[] {
  return fullPairing(goals, tasks).filter((_, i) => i % stride === 0);
}
