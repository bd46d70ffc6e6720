import type { MessageKey } from '../i18n/catalog-types.js';
import type { Translator } from '../i18n/translator.js';

interface Cause {
  code?: unknown;
  message?: unknown;
  cause?: unknown;
}

/** The error and its causes, outermost first. */
function chain(error: unknown): Cause[] {
  const out: Cause[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && out.length < 8) {
    out.push(current);
    current = (current as Cause).cause;
  }
  return out;
}

/** SQLSTATE and socket codes a person should not have to look up, in words. */
const REASONS: Record<string, MessageKey> = {
  ECONNREFUSED: 'store.why.refused',
  ENOTFOUND: 'store.why.host',
  EAI_AGAIN: 'store.why.host',
  ETIMEDOUT: 'store.why.timeout',
  ECONNRESET: 'store.why.reset',
  EACCES: 'store.why.permission',
  EPERM: 'store.why.permission',
  EROFS: 'store.why.permission',
  '28000': 'store.why.auth',
  '28P01': 'store.why.auth',
  '3D000': 'store.why.database',
  '42501': 'store.why.privilege',
  '53300': 'store.why.tooMany',
  '57P03': 'store.why.starting',
  NOAUTH: 'store.why.auth',
  WRONGPASS: 'store.why.auth',
};

/**
 * Why a session store could not be used, in words: connection refused, the host, the login, a
 * missing database — with what the server itself said — instead of a bare SQLSTATE.
 */
export function explainStoreError(error: unknown, t: Translator): string {
  const causes = chain(error);
  for (const cause of causes) {
    const code = typeof cause.code === 'string' ? cause.code : undefined;
    const message = typeof cause.message === 'string' ? cause.message : '';
    const wordCode = code ?? /\b(NOAUTH|WRONGPASS|ECONNREFUSED|ENOTFOUND)\b/.exec(message)?.[1];
    const key = wordCode ? REASONS[wordCode] : undefined;
    if (key) return t(key, { said: message });
  }
  const last = causes.at(-1);
  return typeof last?.message === 'string' ? last.message : String(error);
}
