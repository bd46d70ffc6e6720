import type { ApprovalAnswer, ApprovalRequest, ApproverV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { ApprovalAnswer as ApprovalAnswerSchema } from '@warden/protocol/schemas';
import { denied } from './answers.js';

export interface SafeApproverOptions {
  /** Give up (deny) after this long. Default: no limit. */
  timeoutMs?: number;
}

/**
 * Asks `inner` and turns anything but a clear answer into a denial: a throw,
 * a timeout, an abort, or a malformed answer all count as no.
 */
export async function askSafely(inner: ApproverV1, request: ApprovalRequest, signal: AbortSignal, options: SafeApproverOptions = {}): Promise<ApprovalAnswer> {
  if (signal.aborted) return denied('the run was aborted while asking');
  const controller = new AbortController();
  const onAbort = (): void => controller.abort();
  signal.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = new Promise<ApprovalAnswer>((resolve) => {
    controller.signal.addEventListener('abort', () => resolve(denied(signal.aborted ? 'the run was aborted while asking' : 'no answer in time')), { once: true });
    if (options.timeoutMs !== undefined) timer = setTimeout(() => controller.abort(), options.timeoutMs);
  });
  try {
    const answer = await Promise.race([
      Promise.resolve()
        .then(() => inner.approve(request, { signal: controller.signal }))
        .then((value) => {
          const parsed = ApprovalAnswerSchema.safeParse(value);
          return parsed.success ? parsed.data : denied('the approver gave a malformed answer');
        }),
      stop,
    ]);
    return answer;
  } catch {
    return denied('the approver failed while asking');
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    controller.abort();
  }
}

const SAFE_APPROVER_KEYS = { timeoutMs: true } satisfies OptionKeys<SafeApproverOptions>;

/** Wraps an approver so a timeout, an error or a malformed answer is a denial. */
export function safeApprover(inner: ApproverV1, options: SafeApproverOptions = {}): ApproverV1 {
  strictOptions('safeApprover', SAFE_APPROVER_KEYS, options);
  return {
    specificationVersion: 'v1',
    kind: inner.kind,
    approve: (request, { signal }) => askSafely(inner, request, signal, options),
  };
}
