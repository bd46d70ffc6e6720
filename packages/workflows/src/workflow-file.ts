import type { Expression } from '@warden/governance';
import { z } from 'zod';
import type { Template } from './templates.js';

// The shape of a workflow file (seed 003, "Workflows: when the order is yours to fix"). A step is
// one thing, said by the one kind key it carries; the common keys may sit on any step. Every
// object is strict: an unknown key is a load-time error with its line and column.

/** The keys that say what a step is; exactly one per step. */
export const STEP_KINDS = ['tool', 'agent', 'parallel', 'foreach', 'if', 'loop', 'graph', 'set', 'return'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** Keys any step may carry besides its kind's own. */
export const COMMON_STEP_KEYS = ['id', 'when', 'save', 'retry', 'timeout', 'on_error', 'needs'] as const;

/** `max_steps` when the file does not say: a loop that does not end stops here. */
export const DEFAULT_MAX_STEPS = 1000;

const Id = z.string().regex(/^[A-Za-z_][A-Za-z0-9_-]{0,63}$/, 'an id is a letter or _ followed by up to 63 letters, digits, _ or -');
const ExpressionText = z.string().min(1);
const Retry = z.union([
  z.number().int().min(0).max(20),
  z.strictObject({ max: z.number().int().min(0).max(20), delay: z.number().min(0).max(3600).optional(), backoff: z.number().min(1).max(10).optional() }),
]);

const common = {
  id: Id.optional(),
  when: ExpressionText.optional(),
  save: Id.optional(),
  retry: Retry.optional(),
  timeout: z.number().positive().max(86_400).optional(),
  on_error: z.enum(['fail', 'continue']).optional(),
  /** Only inside a `graph`: the ids of the nodes this one waits for. */
  needs: z.array(Id).optional(),
};

/** Per kind, the strict shape of a step's own keys (nested step lists are checked one by one). */
export const STEP_SHAPES: Record<StepKind, z.ZodObject> = {
  tool: z.strictObject({ ...common, tool: z.string().min(1), args: z.record(z.string(), z.unknown()).optional() }),
  agent: z.strictObject({ ...common, agent: z.string().min(1), input: z.unknown().optional(), parse: z.enum(['text', 'json']).optional() }),
  parallel: z.strictObject({ ...common, parallel: z.array(z.unknown()).min(1) }),
  foreach: z.strictObject({
    ...common,
    foreach: z.unknown(),
    as: Id.optional(),
    concurrency: z.number().int().min(1).max(64).optional(),
    steps: z.array(z.unknown()).min(1),
  }),
  if: z.strictObject({ ...common, if: ExpressionText, then: z.array(z.unknown()).min(1), else: z.array(z.unknown()).optional() }),
  loop: z.strictObject({
    ...common,
    loop: z.strictObject({ max: z.number().int().min(1).max(10_000), until: ExpressionText.optional() }),
    steps: z.array(z.unknown()).min(1),
  }),
  graph: z.strictObject({ ...common, graph: z.array(z.unknown()).min(1) }),
  set: z.strictObject({ ...common, set: z.record(z.string(), z.unknown()) }),
  return: z.strictObject({ ...common, return: z.unknown() }),
};

export const InputSpec = z.strictObject({
  type: z.enum(['string', 'number', 'boolean', 'array', 'object']).optional(),
  required: z.boolean().optional(),
  default: z.unknown().optional(),
  description: z.string().optional(),
});

export const AgentSpec = z.strictObject({
  instructions: z.string().min(1),
  tools: z.array(z.string()).optional(),
  model: z.string().optional(),
});

/** The top level of a workflow file, with `steps` checked step by step. */
export const WorkflowFileShape = z.strictObject({
  name: Id,
  description: z.string().optional(),
  version: z.string().optional(),
  inputs: z.record(z.string(), InputSpec).optional(),
  state: z.record(z.string(), z.unknown()).optional(),
  agents: z.record(z.string(), AgentSpec).optional(),
  steps: z.array(z.unknown()).min(1),
  output: z.unknown().optional(),
  budget: z.strictObject({ max_cost_usd: z.number().positive() }).optional(),
  max_steps: z.number().int().min(1).max(1_000_000).optional(),
});

export type InputSpec = z.infer<typeof InputSpec>;
export type AgentSpec = z.infer<typeof AgentSpec>;
export type RetrySpec = z.infer<typeof Retry>;

/** What every checked step carries, besides its kind. */
export interface StepCommon {
  /** The step's id: given, or `<kind>_<n>` (n counts steps of the file in order), so every step has one. */
  id: string;
  /** True when the file named the id (only named steps may be referred to as `steps.<id>`). */
  named: boolean;
  when?: Expression;
  save?: string;
  retry?: RetrySpec;
  timeout?: number;
  onError: 'fail' | 'continue';
  needs?: string[];
  /** Where the step is in the file, for messages. */
  at: { line: number; column: number };
}

export type Step = StepCommon &
  (
    | { kind: 'tool'; tool: string; args: Template }
    | { kind: 'agent'; agent: string; input?: Template; parse: 'text' | 'json' }
    | { kind: 'parallel'; branches: Step[] }
    | { kind: 'foreach'; items: Template; as: string; concurrency: number; steps: Step[] }
    | { kind: 'if'; condition: Expression; then: Step[]; else: Step[] }
    | { kind: 'loop'; max: number; until?: Expression; steps: Step[] }
    | { kind: 'graph'; nodes: Step[] }
    | { kind: 'set'; values: Template }
    | { kind: 'return'; value: Template }
  );

/** A checked workflow file. */
export interface WorkflowDefinition {
  name: string;
  /** The file it was read from (set by `loadWorkflow`), recorded with each run so a resume can find it. */
  file?: string;
  description?: string;
  version?: string;
  inputs: Record<string, InputSpec>;
  state: Record<string, unknown>;
  agents: Record<string, AgentSpec>;
  steps: Step[];
  output?: Template;
  budget?: { maxCostUsd: number };
  maxSteps: number;
}
