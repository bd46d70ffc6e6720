/** Where a value stops being plain JSON. */
export interface JsonViolation {
  path: PropertyKey[];
  message: string;
}

function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

/**
 * The first place `value` is not plain JSON (a non-finite number, `undefined`,
 * a function, a Date, a Map, a class instance, a cycle), or undefined when it
 * is JSON all the way down. A plain walk instead of a recursive zod union:
 * tool arguments are checked on every call, and the union cost several times more.
 */
export function findJsonViolation(value: unknown): JsonViolation | undefined {
  return walk(value, new Set());
}

// The path is built while unwinding, so a valid value allocates nothing per node.
function walk(value: unknown, open: Set<object>): JsonViolation | undefined {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return undefined;
    case 'number':
      return Number.isFinite(value) ? undefined : { path: [], message: 'number must be finite' };
    case 'object':
      break;
    default:
      return { path: [], message: `expected a JSON value, got ${typeof value}` };
  }
  if (value === null) return undefined;
  if (open.has(value)) return { path: [], message: 'the value refers to itself (a cycle)' };
  if (!Array.isArray(value) && !isPlainObject(value)) return { path: [], message: 'expected a JSON value, got an object that is not plain' };
  open.add(value);
  let found: JsonViolation | undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      found = walk(value[i], open);
      if (found) {
        found.path.unshift(i);
        break;
      }
    }
  } else {
    for (const key of Object.keys(value)) {
      found = walk((value as Record<string, unknown>)[key], open);
      if (found) {
        found.path.unshift(key);
        break;
      }
    }
  }
  open.delete(value);
  return found;
}
