import { types } from 'node:util';

const CLASS_NAME = /^[A-Za-z_$][\w$]{0,80}$/;

/**
 * The class name of a thrown value, read without running user code (no getter,
 * no Proxy trap) and never its message: reports expose what kind of failure it
 * was, not what the failing code wrote into it.
 */
export function exceptionClass(error: unknown): string {
  try {
    if (typeof error !== 'object' || error === null) return error === null ? 'null' : typeof error;
    if (types.isProxy(error)) return 'Proxy';
    const proto: unknown = Object.getPrototypeOf(error);
    if (typeof proto !== 'object' || proto === null) return 'Object';
    const ctor: unknown = Object.getOwnPropertyDescriptor(proto, 'constructor')?.value;
    const name: unknown = typeof ctor === 'function' ? Object.getOwnPropertyDescriptor(ctor, 'name')?.value : undefined;
    return typeof name === 'string' && CLASS_NAME.test(name) ? name : 'Object';
  } catch {
    return 'unknown';
  }
}
