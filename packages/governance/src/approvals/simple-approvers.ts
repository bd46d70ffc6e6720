import type { ApprovalAnswer, ApprovalRequest, ApproverV1, OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { askSafely } from './safe-approver.js';
import { denied } from './answers.js';

const AUTO_APPROVE_KEYS = { by: true } satisfies OptionKeys<NonNullable<Parameters<typeof autoApprove>[0]>>;

/**
 * `--yes`: approves every `ask` (never a deny — a denied call never reaches
 * an approver). Marked `automatic`, so taint rules do not count it as a person.
 */
export function autoApprove(options: { by?: string } = {}): ApproverV1 {
  strictOptions('autoApprove', AUTO_APPROVE_KEYS, options);
  return {
    specificationVersion: 'v1',
    kind: 'automatic',
    async approve(): Promise<ApprovalAnswer> {
      return { outcome: 'approved', by: options.by ?? 'auto-approve', automatic: true, at: new Date().toISOString(), note: 'approved automatically (--yes)' };
    },
  };
}

/** No one to ask: every `ask` is denied. */
export function noApprover(): ApproverV1 {
  return {
    specificationVersion: 'v1',
    kind: 'automatic',
    async approve(): Promise<ApprovalAnswer> {
      return denied('no approver is configured', { automatic: true });
    },
  };
}

export type ApprovalFunction = (request: ApprovalRequest, options: { signal: AbortSignal }) => boolean | ApprovalAnswer | Promise<boolean | ApprovalAnswer>;

export interface FunctionApproverOptions {
  /** `person` only when the function really asks a human (a chat bot, a web form). Default `automatic`. */
  kind?: 'person' | 'automatic';
  /** Deny after this long. */
  timeoutMs?: number;
  /** Recorded as `by` on boolean answers. */
  by?: string;
}

const FUNCTION_APPROVER_KEYS = { kind: true, timeoutMs: true, by: true } satisfies OptionKeys<FunctionApproverOptions>;

/** An approver backed by a function; a throw, a timeout or a malformed answer is a denial. */
export function functionApprover(fn: ApprovalFunction, options: FunctionApproverOptions = {}): ApproverV1 {
  strictOptions('functionApprover', FUNCTION_APPROVER_KEYS, options);
  const kind = options.kind ?? 'automatic';
  const inner: ApproverV1 = {
    specificationVersion: 'v1',
    kind,
    async approve(request, callOptions) {
      const result = await fn(request, callOptions);
      if (typeof result === 'boolean') {
        return {
          outcome: result ? 'approved' : 'denied',
          by: options.by ?? 'function',
          at: new Date().toISOString(),
          ...(kind === 'automatic' ? { automatic: true } : {}),
        };
      }
      return kind === 'automatic' ? { ...result, automatic: true } : result;
    },
  };
  return {
    specificationVersion: 'v1',
    kind,
    approve: (request, { signal }) => askSafely(inner, request, signal, options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
}
