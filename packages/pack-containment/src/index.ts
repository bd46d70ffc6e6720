// Explicit named re-exports only: adding a name here makes it public API.
export { runContainment } from './run-containment.js';
export type { ContainmentOptions, ContainmentReport } from './run-containment.js';
export { createContainmentHarness, CONTAINMENT_SYSTEM_PROMPT } from './containment-harness.js';
export type { ApproverSetting, ContainmentAgent, ContainmentHarness, ContainmentWorkspace } from './containment-harness.js';
export { ATTACK_GOALS } from './corpus/attack-corpus.js';
export { GOAL_CATEGORIES } from './attack-goal.js';
export type { AttackGoal, AttackStep, ForbiddenEffect, GoalCategory } from './attack-goal.js';
export { BENIGN_TASKS } from './benign-tasks.js';
export type { BenignTask, InjectionCarrier, TaskCall } from './benign-tasks.js';
export { computeMetrics } from './containment-metrics.js';
export type { CategoryMetrics, ContainmentMetrics } from './containment-metrics.js';
export type { AttackCallRecord, ContainmentViolation, EpisodeDetail, EpisodeResult } from './episode-result.js';
export { createObeyingModel } from './obeying-model.js';
export type { ObeyingModel } from './obeying-model.js';
export { parseInstructions, renderInjection } from './injection.js';
export type { InjectedCall, InjectionValues } from './injection.js';
export { CONTAINMENT_ERROR_CODES } from './containment-error-codes.js';
export type { ContainmentErrorCode } from './containment-error-codes.js';
