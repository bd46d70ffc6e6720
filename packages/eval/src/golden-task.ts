import { z } from 'zod';

const oneOrMany = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);

/** A tool the run must have called (and that ran): by name, optionally with argument predicates. */
export const ToolExpectation = z.union([
  z.string().min(1),
  z.strictObject({
    name: z.string().min(1),
    /** These arguments, equal (a subset of what was passed: other arguments may be there too). */
    args: z.record(z.string(), z.unknown()).optional(),
    /** Regular expressions each named argument (as text: a string as is, anything else as JSON) must match. */
    argsMatch: z.record(z.string(), z.string()).optional(),
  }),
]);
export type ToolExpectation = z.infer<typeof ToolExpectation>;

/** What a golden task expects of a run. Every key given is one check; all must hold for the run to pass. */
export const TaskExpectation = z.strictObject({
  /** The answer holds each of these texts. */
  contains: oneOrMany.optional(),
  /** The answer holds none of these texts. */
  notContains: oneOrMany.optional(),
  /** The answer matches each of these regular expressions. */
  matches: oneOrMany.optional(),
  /** Each of these tools was called and ran (not refused by the gate). */
  toolCalled: z.array(ToolExpectation).optional(),
  /** The model never asked for any of these tools (whether or not the gate let it run). */
  toolNotCalled: z.array(z.string().min(1)).optional(),
  /** At most this many model steps. */
  maxSteps: z.number().int().positive().optional(),
  /** At most this much spend. */
  maxCostUsd: z.number().nonnegative().optional(),
  /** The answer is JSON matching this JSON Schema (required keys, property types). */
  outputSchema: z.record(z.string(), z.unknown()).optional(),
  /** How the run must end (default `done`: a run that hit a budget, the turn limit or an error fails). */
  stopReason: z.enum(['done', 'max_turns', 'budget', 'aborted', 'approval', 'error', 'stopped']).optional(),
});
export type TaskExpectation = z.infer<typeof TaskExpectation>;

export const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._/-]*$/;

/** One golden task: an input for the agent and what its run must show. */
export const GoldenTask = z.strictObject({
  id: z.string().regex(TASK_ID_PATTERN, 'letters, digits, . _ / - (starting with a letter or digit)'),
  input: z.string().min(1),
  /** Words for a person reading the report. */
  title: z.string().optional(),
  expect: TaskExpectation,
});
export type GoldenTask = z.infer<typeof GoldenTask>;

export const SUITE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** A suite file (`*.eval.yaml` / `*.eval.json`, beside the blueprint). */
export const GoldenSuite = z.strictObject({
  /** The suite's name: results and reports carry it (default: the file's base name). */
  suite: z.string().regex(SUITE_NAME_PATTERN).optional(),
  description: z.string().optional(),
  tasks: z.array(GoldenTask).min(1),
});
export type GoldenSuite = z.infer<typeof GoldenSuite>;
