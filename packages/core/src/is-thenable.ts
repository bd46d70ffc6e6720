/** True for a promise or any other thenable: what a gate, a tool or a hook may return instead of a value. */
export function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return value !== null && (typeof value === 'object' || typeof value === 'function') && typeof (value as { then?: unknown }).then === 'function';
}
