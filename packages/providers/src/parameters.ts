// `@warden/providers/parameters`: explicit named re-exports only; adding a name here makes it public API.
export { EFFORT_LEVELS, PARAMETER_NAMES } from './parameters/generation-parameters.js';
export type { Effort, GenerationParameters, ParameterIssue, ParameterName } from './parameters/generation-parameters.js';
export type { ParameterPlan } from './parameters/plan-builder.js';
export { ParameterError } from './parameters/parameter-error.js';
export { planParameters } from './parameters/plan-parameters.js';
export type { ParameterWire, PlanContext } from './parameters/plan-parameters.js';
