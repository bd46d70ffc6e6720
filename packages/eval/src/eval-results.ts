import { readFile, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { evalError } from './coded-errors.js';

export const RESULTS_VERSION = 1;

/** One task's runs, folded: what a baseline keeps and a comparison reads. */
export const TaskResult = z.object({
  id: z.string(),
  title: z.string().optional(),
  /** `passed` (every run), `failed`, `flaky` (passed and failed across runs, meeting the pass-rate gate) or `error` — evidence's case status. */
  status: z.enum(['passed', 'failed', 'flaky', 'error', 'skipped']),
  flaky: z.boolean(),
  runs: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  passRate: z.number().min(0).max(1),
  /** pass^k for k = 1…min(runs, 10), from evidence (C(passes, k) / C(runs, k)). */
  passHatK: z.record(z.string(), z.number()),
  /** The first expectation that failed, in the first failing run. */
  firstFailure: z.string().optional(),
  /** Means over the runs. */
  costUsd: z.number().nonnegative(),
  steps: z.number().nonnegative(),
  durationMs: z.number().nonnegative(),
  /** The session of each run, in order: `warden replay ID --step N` reproduces one. */
  sessions: z.array(z.string()),
});
export type TaskResult = z.infer<typeof TaskResult>;

/** A saved evaluation (`--save`), and what `--baseline` reads back. */
export const EvalResults = z.object({
  version: z.literal(RESULTS_VERSION),
  suite: z.string(),
  /** A name for this run (`v2`, a commit); defaults to the agent version. */
  label: z.string().optional(),
  agent: z.string().optional(),
  agentVersion: z.string().optional(),
  repeat: z.number().int().positive(),
  createdAt: z.string(),
  tasks: z.array(TaskResult),
  totals: z.object({ runs: z.number().int().nonnegative(), passed: z.number().int().nonnegative(), passRate: z.number().min(0).max(1), costUsd: z.number().nonnegative() }),
});
export type EvalResults = z.infer<typeof EvalResults>;

/** Writes results as JSON (a baseline for the next run). */
export async function saveResults(file: string, results: EvalResults): Promise<void> {
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`, 'utf8');
}

/** Checks results read from anywhere. */
export function parseResults(value: unknown, source = 'the results'): EvalResults {
  const parsed = EvalResults.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw evalError('eval.invalid_results', `${source} are not evaluation results version ${RESULTS_VERSION} (${issue?.path.join('.') || '(root)'}: ${issue?.message ?? 'invalid'})`, 'Save a baseline with `warden eval SUITE … --save FILE` (or saveResults).');
  }
  return parsed.data;
}

/** Reads a saved results file. */
export async function loadResults(file: string): Promise<EvalResults> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw evalError('eval.invalid_results', `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`, 'Check the path of --baseline.', error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw evalError('eval.invalid_results', `${file} is not JSON`, undefined, error);
  }
  return parseResults(value, file);
}
