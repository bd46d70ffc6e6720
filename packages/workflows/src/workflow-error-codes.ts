/**
 * The error codes `@warden/workflows` throws or ends a run with. Codes are public API: renaming or
 * removing one is a breaking change. All are `WorkflowError`s.
 */
export const WORKFLOW_ERROR_CODES = {
  'workflow.invalid': 'A workflow file is not valid: YAML/JSON syntax, an unknown key, a step with no kind or two, a duplicate id, a template naming a missing step or input, a graph cycle. The message lists every problem with its line and column.',
  'workflow.unknown_tool': 'A step names a tool nobody supplied (the hint says "did you mean").',
  'workflow.unknown_agent': 'A step names an agent nobody supplied (the hint says "did you mean").',
  'workflow.invalid_input': 'The inputs of a run are missing a required input, name one the workflow does not declare, or have the wrong type.',
  'workflow.step_failed': 'A step failed (a tool error, a template that did not evaluate, an agent answer that is not JSON) after its retries.',
  'workflow.refused': 'The gate, the approver or a workflow hook refused a step.',
  'workflow.max_steps': 'The run took more steps than max_steps (1000 unless the file says otherwise): a loop that does not end.',
  'workflow.budget': 'The agents of the run spent the budget the file allows.',
  'workflow.timeout': 'A step ran longer than its timeout.',
  'workflow.interrupted_tool': 'A resumed run found a tool step that started and has no recorded result, and the tool is not read-only: it is never re-run blindly.',
  'workflow.taken_over': 'Another process wrote to this workflow run: two processes never both run one workflow, and this one stopped.',
  'workflow.not_found': 'No workflow run has that id in the session store.',
} as const;

export type WorkflowErrorCode = keyof typeof WORKFLOW_ERROR_CODES;
