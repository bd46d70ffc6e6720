import { orchestratorError } from './coded-errors.js';
import type { OrchestratorOptions } from './orchestrator-types.js';

// Every option is checked when the orchestrator is made, every problem at once.

const OPTION_KEYS = new Set([
  'name', 'agents', 'store', 'owner', 'tools', 'bench', 'factory', 'maxConcurrency', 'maxReplans', 'maxRework', 'checkTasks', 'taskRetries',
  'taskDeadlineMs', 'critics', 'accept', 'budget', 'onOverEstimate', 'mode', 'approver', 'redact', 'onEvent',
]);

export function checkOptions(options: OrchestratorOptions): void {
  const unknown = Object.keys(options).filter((key) => !OPTION_KEYS.has(key));
  const problems: string[] = unknown.map((key) => `unknown option "${key}"`);
  const positive = (name: string, value: number | undefined, min: number): void => {
    if (value !== undefined && (!Number.isInteger(value) || value < min)) problems.push(`${name} must be an integer ≥ ${min}`);
  };
  positive('maxConcurrency', options.maxConcurrency, 1);
  positive('maxReplans', options.maxReplans, 0);
  positive('maxRework', options.maxRework, 0);
  positive('taskRetries', options.taskRetries, 0);
  if (typeof options.critics === 'number') positive('critics', options.critics, 0);
  if (options.budget?.maxUsd !== undefined && !(options.budget.maxUsd > 0)) problems.push('budget.maxUsd must be above 0');
  positive('budget.maxSubagents', options.budget?.maxSubagents, 0);
  if (typeof options.agents !== 'function') problems.push('agents must be a function (harnessAgents(harness) makes one)');
  if (!options.store) problems.push('store is required (any session store)');
  if (problems.length) throw orchestratorError('orchestrator.invalid_options', `createOrchestrator: ${problems.join('; ')}`);
}

