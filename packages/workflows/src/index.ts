export { createWorkflow, loadWorkflow, inspectWorkflowRun } from './create-workflow.js';
export type { Workflow, WorkflowRunInfo } from './create-workflow.js';
export { parseWorkflow, workflowProblems, MAX_WORKFLOW_BYTES } from './parse-workflow.js';
export type { WorkflowProblem } from './parse-workflow.js';
export { describeWorkflow } from './describe-workflow.js';
export { DEFAULT_MAX_STEPS, STEP_KINDS } from './workflow-file.js';
export type { AgentSpec, InputSpec, Step, StepKind, WorkflowDefinition } from './workflow-file.js';
export { WORKFLOW_KEYS } from './checkpoint-journal.js';
export { WorkflowError } from './workflow-error.js';
export { WORKFLOW_ERROR_CODES } from './workflow-error-codes.js';
export type { WorkflowErrorCode } from './workflow-error-codes.js';
export type {
  HookAnswer,
  RunWorkflowOptions,
  StepResult,
  StepStatus,
  WorkflowAgent,
  WorkflowAgentAnswer,
  WorkflowAgentCall,
  WorkflowEvent,
  WorkflowHooks,
  WorkflowOptions,
  WorkflowResult,
  WorkflowAudit,
  WorkflowSpan,
  WorkflowTracer,
} from './workflow-types.js';
