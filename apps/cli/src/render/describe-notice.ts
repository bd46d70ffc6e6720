import type { ProviderNotice } from '@warden/protocol';
import type { Translator } from '../i18n/translator.js';
import { describeError } from './describe-error.js';

/**
 * Why a provider call was retried or moved to another provider, in the run's language: the failed
 * attempt's error `code` (and HTTP `status`) said with the catalogs' `code.<code>` message. A notice
 * without a code (an older provider) keeps its English `reason`.
 */
export function describeNoticeReason(notice: ProviderNotice, t: Translator): string {
  if (notice.code === undefined) return notice.reason;
  const provider = notice.type === 'retry' ? notice.provider : notice.from;
  return describeError({ code: notice.code, message: notice.reason, provider, ...(notice.status !== undefined ? { status: notice.status } : {}) }, t).message;
}
