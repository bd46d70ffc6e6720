import { performance } from 'node:perf_hooks';
import type { Iteration, ReportError } from '../report/report-schema.js';
import { WardenError } from '@warden/protocol';
import type { CaseDefinition } from './case-definition.js';
import { createCaseContext } from './case-context.js';
import { FailSignal, SkipSignal } from './case-signals.js';
import type { EnvironmentValues } from './pack-definition.js';

export interface IterationOptions {
  index: number;
  env: EnvironmentValues;
  timeoutMs: number;
  runStartedMs: number;
  artifactDir: string;
  artifactRel: string;
  redact: (text: string) => string;
}

/** Step statuses that fail the case. */
const FAILING_STEPS = new Set(['fail', 'failed', 'error']);

type Outcome = { kind: 'done' } | { kind: 'threw'; error: unknown } | { kind: 'timeout' };

function describeError(error: unknown): ReportError {
  if (WardenError.isInstance(error)) return { name: error.name, code: error.code, message: error.message };
  if (error instanceof Error) return { name: error.name, code: 'evidence.case_threw', message: withCauses(error) };
  return { name: typeof error, code: 'evidence.case_threw', message: 'a non-Error value was thrown' };
}

/**
 * An error's message with the causes under it: `fetch failed` alone says nothing, its cause
 * (`connect ECONNREFUSED 127.0.0.1:8080`) says what to fix. At most three levels.
 */
function withCauses(error: Error): string {
  const causes: string[] = [];
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 3 && cause instanceof Error; depth++) {
    causes.push(cause.message);
    cause = cause.cause;
  }
  // A message that already tells a cause (the case author explained it) stands as it is.
  if (causes.some((text) => text !== '' && error.message.includes(text))) return error.message;
  return [error.message, ...causes.filter((text, i) => text !== '' && causes.indexOf(text) === i)].join(': ');
}

/** Runs one case once, with its timeout, and returns what it recorded. Never throws. */
export async function runIteration(definition: CaseDefinition, options: IterationOptions): Promise<Iteration> {
  const controller = new AbortController();
  const startedAt = new Date();
  const began = performance.now();
  const recorder = createCaseContext({
    env: options.env,
    signal: controller.signal,
    iteration: options.index,
    artifactDir: options.artifactDir,
    artifactRel: options.artifactRel,
    redact: options.redact,
    startedMs: startedAt.getTime(),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Outcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timeout' }), options.timeoutMs);
  });
  const body = Promise.resolve()
    .then(() => definition.run(recorder.context))
    .then(
      (): Outcome => ({ kind: 'done' }),
      (error: unknown): Outcome => ({ kind: 'threw', error }),
    );
  const outcome = await Promise.race([body, timeout]);
  clearTimeout(timer);
  if (outcome.kind === 'timeout') {
    recorder.seal();
    controller.abort(new Error('case timed out'));
  } else {
    await recorder.settle();
    recorder.seal();
  }
  const durationMs = performance.now() - began;
  const { recorded } = recorder;
  const failedCheck = recorded.checks.find((check) => !check.passed);
  const failedStep = recorded.steps.find((step) => FAILING_STEPS.has(step.status));
  let firstFailure = failedCheck?.message ?? (failedStep === undefined ? undefined : `step failed: ${failedStep.name}`);
  let status: Iteration['status'] = firstFailure === undefined ? 'passed' : 'failed';
  let error: ReportError | undefined;
  let skipReason: string | undefined;

  if (outcome.kind === 'timeout') {
    status = 'error';
    error = { name: 'TimeoutError', code: 'evidence.case_timeout', message: `case ran past its ${options.timeoutMs} ms timeout` };
    firstFailure ??= error.message;
  } else if (outcome.kind === 'threw') {
    const thrown = outcome.error;
    if (thrown instanceof SkipSignal) {
      if (status === 'passed') {
        status = 'skipped';
        skipReason = thrown.reason;
      }
    } else if (thrown instanceof FailSignal) {
      status = 'failed';
      firstFailure ??= thrown.message;
      if (thrown.code !== undefined) error = { name: 'CaseFailure', code: thrown.code, message: thrown.message };
    } else {
      status = 'error';
      error = describeError(thrown);
      firstFailure ??= `${error.name}: ${error.message}`;
    }
  }

  return {
    index: options.index,
    startedAt: startedAt.toISOString(),
    offsetMs: Math.max(0, startedAt.getTime() - options.runStartedMs),
    durationMs,
    status,
    ...recorded,
    states: recorder.states(),
    ...(firstFailure === undefined || status === 'passed' || status === 'skipped' ? {} : { firstFailure }),
    ...(skipReason === undefined ? {} : { skipReason }),
    ...(error === undefined ? {} : { error }),
  };
}
