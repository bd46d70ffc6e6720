import { orchestratorError } from './coded-errors.js';

/** Runs `run` with an abort signal that fires at the deadline, and fails with `orchestrator.deadline` then even if `run` ignores it. */
export async function withDeadline<T>(deadlineMs: number | undefined, run: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  if (deadlineMs === undefined) return run(undefined);
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(orchestratorError('orchestrator.deadline', `the task missed its deadline (${deadlineMs} ms)`));
    }, deadlineMs);
  });
  try {
    return await Promise.race([run(controller.signal), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
