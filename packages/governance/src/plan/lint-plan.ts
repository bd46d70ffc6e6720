import { canonicalJson } from '@warden/protocol/policy';
import { schemaProblems, strictOptions } from '@warden/protocol/checks';
import type { PlanIssue, ToolSpec, OptionKeys } from '@warden/protocol';
import { SENSITIVE_ARGUMENTS, isWholeRef, refsIn } from './plan-refs.js';
import { planShape, type ShapedStep } from './plan-shape.js';

/** Argentum's `SecurityConfig` plan limits: steps, parameters per step, plan size, dependency depth. */
export interface PlanLimits {
  maxPlanSteps: number;
  maxStepParameters: number;
  maxPlanBytes: number;
  maxDependencyDepth: number;
}

/** Argentum's defaults, same numbers (`max_plan_steps`, `max_step_parameters`, `max_plan_size`, `max_dependency_depth`). */
export const PLAN_LIMITS: Readonly<PlanLimits> = Object.freeze({ maxPlanSteps: 1000, maxStepParameters: 50, maxPlanBytes: 2 * 1024 * 1024, maxDependencyDepth: 20 });

export interface LintPlanOptions {
  /** Secret patterns (Argentum's `secrets`): a parameter text containing one, case-insensitively, is `E004`. */
  secrets?: readonly string[];
  /** A redactor's `redact`: parameters it would change hold a secret value (`E004`) — the harness passes its own. */
  redact?: (text: string) => string;
  /** Arguments a reference may not fill (default `SENSITIVE_ARGUMENTS`): such a step is `W004`. */
  sensitiveArguments?: readonly string[];
  limits?: Partial<PlanLimits>;
}

/** What `lintPlan` found: every issue, split by severity; `valid` when there is no error. */
export interface PlanLintResult {
  issues: PlanIssue[];
  errors: PlanIssue[];
  warnings: PlanIssue[];
  valid: boolean;
}

/**
 * The codes, stable. E001–E004, W001 and W002 are Argentum's PlanLinter codes with the same
 * meaning; E005–E007, W003 and W004 are Warden's additions (ARCHITECTURE.md §4, governance).
 */
export const PLAN_ISSUE_CODES = {
  E001: 'The step calls a tool that does not exist.',
  E002: 'A parameter is unknown to the tool, a required one is missing, or a value has the wrong type or is outside its enum.',
  E003: 'depends_on names a step that does not exist, or the dependencies form a cycle.',
  E004: 'A parameter holds a secret (a pattern from `secrets`, or a value the redactor knows).',
  E005: 'A `{{ref}}` names no output of an earlier step.',
  E006: 'The plan is over a limit (steps, parameters per step, size, dependency depth).',
  E007: 'Two steps share an id.',
  E999: 'The plan is not a plan: no steps array, or a step without an id, a tool or a parameters object.',
  W001: 'Two steps call the same tool with the same parameters.',
  W002: 'An output is never referenced.',
  W003: 'The step can never run: it depends on a missing step or on a cycle.',
  W004: 'A reference fills a path, command or host argument: the step cannot cover calls, which follow the normal rules.',
} as const;
export type PlanIssueCode = keyof typeof PLAN_ISSUE_CODES;

function issue(code: PlanIssueCode, message: string, location: string): PlanIssue {
  return { code, severity: code.startsWith('E') ? 'error' : 'warning', message, location };
}

function result(issues: PlanIssue[]): PlanLintResult {
  const errors = issues.filter((i) => i.severity === 'error');
  return { issues, errors, warnings: issues.filter((i) => i.severity === 'warning'), valid: errors.length === 0 };
}

function checkStep(step: ShapedStep, tools: ReadonlyMap<string, ToolSpec>, options: LintPlanOptions, issues: PlanIssue[]): void {
  const spec = tools.get(step.tool);
  if (!spec) {
    issues.push(issue('E001', `Tool '${step.tool}' not found`, `${step.id}.tool`));
    return;
  }
  const wholeRefs = new Set(Object.entries(step.parameters).filter(([, v]) => isWholeRef(v)).map(([k]) => k));
  for (const problem of schemaProblems(spec.inputSchema, step.parameters, { unknownKeys: 'error', skip: wholeRefs })) {
    const message = problem.kind === 'unknown' ? `Parameter '${problem.key}' not valid for tool '${step.tool}'` : problem.kind === 'required' ? `Missing required parameter '${problem.key}'` : problem.message;
    issues.push(issue('E002', message, problem.kind === 'required' ? `${step.id}.parameters` : `${step.id}.parameters.${problem.key}`));
  }
  const text = canonicalJson(step.parameters);
  const lower = text.toLowerCase();
  for (const pattern of options.secrets ?? []) {
    if (pattern !== '' && lower.includes(pattern.toLowerCase())) issues.push(issue('E004', `Potential secret '${pattern}' exposed in parameters`, `${step.id}.parameters`));
  }
  if (options.redact) {
    for (const [key, value] of Object.entries(step.parameters)) {
      const shown = canonicalJson(value);
      if (options.redact(shown) !== shown) issues.push(issue('E004', `Parameter '${key}' holds a secret value`, `${step.id}.parameters.${key}`));
    }
  }
  const sensitive = new Set(options.sensitiveArguments ?? SENSITIVE_ARGUMENTS);
  for (const [key, value] of Object.entries(step.parameters)) {
    if (sensitive.has(key) && refsIn(value).length > 0) issues.push(issue('W004', `'${key}' is filled by a reference; calls of this step follow the normal rules`, `${step.id}.parameters.${key}`));
  }
}

function checkRefs(steps: readonly ShapedStep[], issues: PlanIssue[]): Set<string> {
  const used = new Set<string>();
  const bare = new Set<string>();
  const qualified = new Set<string>();
  for (const step of steps) {
    for (const [key, value] of Object.entries(step.parameters)) {
      for (const ref of refsIn(value)) {
        const known = bare.has(ref) || qualified.has(ref);
        if (!known) issues.push(issue('E005', `Reference '{{${ref}}}' names no output of an earlier step`, `${step.id}.parameters.${key}`));
        used.add(ref);
      }
    }
    for (const output of step.outputs) {
      bare.add(output);
      qualified.add(`${step.id}.${output}`);
    }
  }
  return used;
}

/** Steps in a dependency cycle, steps that can never run, and the deepest chain. */
function checkDependencies(steps: readonly ShapedStep[], maxDepth: number, issues: PlanIssue[]): void {
  const byId = new Map(steps.map((s) => [s.id, s]));
  for (const step of steps) for (const dep of step.dependsOn) if (!byId.has(dep)) issues.push(issue('E003', `Dependency '${dep}' does not exist`, `${step.id}.depends_on`));
  const state = new Map<string, 'open' | 'done'>();
  const inCycle = new Set<string>();
  const depth = new Map<string, number>();
  const visit = (id: string, path: string[]): number => {
    if (state.get(id) === 'open') {
      for (const member of path.slice(path.indexOf(id))) inCycle.add(member);
      return 0;
    }
    if (state.get(id) === 'done') return depth.get(id) ?? 0;
    state.set(id, 'open');
    let d = 0;
    for (const dep of byId.get(id)?.dependsOn ?? []) if (byId.has(dep)) d = Math.max(d, visit(dep, [...path, id]) + 1);
    state.set(id, 'done');
    depth.set(id, d);
    return d;
  };
  for (const step of steps) visit(step.id, []);
  for (const step of steps) if (inCycle.has(step.id)) issues.push(issue('E003', `Circular dependency detected involving '${step.id}'`, `${step.id}.depends_on`));
  const blocked = new Set<string>();
  let changed = true;
  while (changed) {
    changed = false;
    for (const step of steps) {
      if (blocked.has(step.id) || inCycle.has(step.id)) continue;
      if (step.dependsOn.some((d) => !byId.has(d) || inCycle.has(d) || blocked.has(d))) {
        blocked.add(step.id);
        changed = true;
      }
    }
  }
  for (const step of steps) if (blocked.has(step.id)) issues.push(issue('W003', `Step '${step.id}' can never run: it depends on a missing step or a cycle`, `${step.id}.depends_on`));
  const deepest = Math.max(0, ...depth.values());
  if (deepest > maxDepth) issues.push(issue('E006', `Dependency chain is ${deepest} deep (limit ${maxDepth})`, 'plan.steps'));
}

const LINT_PLAN_KEYS = { secrets: true, redact: true, sensitiveArguments: true, limits: true } satisfies OptionKeys<LintPlanOptions>;

/**
 * Static analysis of an agent's execution plan before it runs (Argentum's `PlanLinter.lint`):
 * unknown tools, parameters against each tool's JSON Schema (types, required, unknown), `{{ref}}`
 * references to outputs of earlier steps, dependency cycles and unreachable steps, secrets in
 * parameters, duplicates and unused outputs, and Argentum's plan limits. Pure and deterministic:
 * the same plan and tools give the same issues in the same order.
 */
export function lintPlan(plan: unknown, tools: readonly ToolSpec[], options: LintPlanOptions = {}): PlanLintResult {
  strictOptions('lintPlan', LINT_PLAN_KEYS, options);
  const limits = { ...PLAN_LIMITS, ...options.limits };
  const shaped = planShape(plan);
  if (!shaped.ok) return result(shaped.issues.map((i) => issue('E999', i.message, i.location)));
  const { steps } = shaped;
  const issues: PlanIssue[] = [];
  const bytes = Buffer.byteLength(canonicalJson(plan));
  if (bytes > limits.maxPlanBytes) issues.push(issue('E006', `Plan is ${bytes} bytes (limit ${limits.maxPlanBytes})`, 'plan'));
  if (steps.length > limits.maxPlanSteps) issues.push(issue('E006', `Plan has ${steps.length} steps (limit ${limits.maxPlanSteps})`, 'plan.steps'));
  const seenIds = new Set<string>();
  for (const step of steps) {
    if (seenIds.has(step.id)) issues.push(issue('E007', `Step id '${step.id}' is used twice`, `${step.id}.id`));
    seenIds.add(step.id);
    if (Object.keys(step.parameters).length > limits.maxStepParameters) issues.push(issue('E006', `Step has ${Object.keys(step.parameters).length} parameters (limit ${limits.maxStepParameters})`, `${step.id}.parameters`));
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  for (const step of steps) checkStep(step, byName, options, issues);
  const used = checkRefs(steps, issues);
  checkDependencies(steps, limits.maxDependencyDepth, issues);
  const seen = new Map<string, string>();
  for (const step of steps) {
    const signature = `${step.tool}:${canonicalJson(step.parameters)}`;
    const first = seen.get(signature);
    if (first !== undefined) issues.push(issue('W001', `Duplicate call to '${step.tool}' with same parameters (see ${first})`, step.id));
    else seen.set(signature, step.id);
  }
  for (const step of steps) {
    for (const output of step.outputs) if (!used.has(output) && !used.has(`${step.id}.${output}`)) issues.push(issue('W002', `Output '${output}' is never referenced`, `${step.id}.outputs`));
  }
  return result(issues);
}
