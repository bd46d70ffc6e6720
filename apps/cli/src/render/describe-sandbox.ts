import type { SandboxStatus } from '@warden/tools';
import type { Translator } from '../i18n/translator.js';

const LEFT_OPEN = /\{\w+\}/;

/**
 * Why the OS sandbox is unavailable, in the run's language: `doctor.detail.<code>` with the
 * status's `params`. A status without a code (an older library) keeps its English `reason`.
 */
export function describeSandboxUnavailable(status: Extract<SandboxStatus, { available: false }>, t: Translator): string {
  const key = `doctor.detail.${status.code ?? ''}`;
  if (status.code === undefined || !t.has(key)) return status.reason;
  const text = t(key, { ...status.params });
  return LEFT_OPEN.test(text) ? status.reason : text;
}
