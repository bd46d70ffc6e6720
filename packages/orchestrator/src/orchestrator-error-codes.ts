/**
 * The error codes `@warden/orchestrator` throws or ends a job with. Codes are public API: renaming
 * or removing one is a breaking change. All are `OrchestratorError`s.
 */
export const ORCHESTRATOR_ERROR_CODES = {
  'orchestrator.invalid_options': 'The orchestrator was given options it does not know or values out of range (critics, maxConcurrency, budget).',
  'orchestrator.plan_invalid': 'The planner did not write a usable plan: not JSON of the plan shape, no acceptance tests, or the plan linter found errors (a dependency that does not exist, a cycle, a duplicate id, a secret).',
  'orchestrator.plan_unapproved': 'The plan was not approved (safe mode asks once; no approver, a no or an answer for another plan leave it unapproved) and no task ran.',
  'orchestrator.spec_invalid': 'The factory wrote a specialist that is not usable: not JSON, no name or instructions, or beyond the factory limits.',
  'orchestrator.task_failed': 'A task failed and could not be re-planned (maxReplans reached, or the planner gave no replacement), so the tasks that wait on it cannot run.',
  'orchestrator.deadline': 'A task ran past its deadline (the plan\'s deadlineSeconds or taskDeadlineMs); it counts as a failed attempt, and a task that keeps failing is re-planned.',
  'orchestrator.max_subagents': 'Starting one more specialist would exceed the budget\'s maxSubagents.',
  'orchestrator.fleet_missing': 'fleetAgents needs the optional peer @warden/fleet (npm install @warden/fleet).',
  'orchestrator.taken_over': 'Another process wrote to this job: two processes never both run one job, and this one stopped.',
  'orchestrator.not_found': 'No orchestrated job has that id in the session store.',
} as const;

export type OrchestratorErrorCode = keyof typeof ORCHESTRATOR_ERROR_CODES;
