/**
 * Freezes a value and everything it holds. Messages and tool specs are frozen
 * before a provider sees them: providers validate and serialise each object
 * once and reuse that work on every later step, so a hook or tool that edited
 * a sent message in place would otherwise be ignored without a word. Frozen,
 * such an edit throws where it happens instead.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
