import type { RedisPersistence, StoreCheckStep } from '@warden/sessions';
import type { Translator } from '../i18n/translator.js';

const LEFT_OPEN = /\{\w+\}/;

/** `doctor.detail.<code>` with its params, or the library's English when the catalog has no words for it. */
function worded(code: string | undefined, params: Record<string, string> | undefined, english: string, t: Translator): string {
  const key = `doctor.detail.${code ?? ''}`;
  if (code === undefined || !t.has(key)) return english;
  const text = t(key, { ...params });
  return LEFT_OPEN.test(text) ? english : text;
}

/** The failed step of a session-store check, in the run's language: "step: what went wrong". */
export function describeStoreCheckStep(step: StoreCheckStep, t: Translator): string {
  const name = t.has(`doctor.step.${step.step}`) ? t(`doctor.step.${step.step}`) : step.step;
  return `${name}: ${worded(step.code, step.params, step.detail ?? '', t)}`;
}

/** What a crash of the Redis server can lose, in the run's language. */
export function describeRedisPersistence(persistence: Pick<RedisPersistence, 'code' | 'params' | 'summary'>, t: Translator): string {
  return worded(persistence.code, persistence.params, persistence.summary, t);
}
