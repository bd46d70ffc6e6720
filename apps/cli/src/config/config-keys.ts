import type { z } from 'zod';

interface Def {
  type: string;
  innerType?: z.ZodType;
  element?: z.ZodType;
  shape?: Record<string, z.ZodType>;
  valueType?: z.ZodType;
  options?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;

/** Looks through optional, nullable and default wrappers to the schema that holds keys. */
function unwrap(schema: z.ZodType): Def {
  let def = defOf(schema);
  while (['optional', 'nullable', 'default'].includes(def.type) && def.innerType) def = defOf(def.innerType);
  return def;
}

/**
 * The keys an object of a config schema takes at a key path (`a2aAgents.0` → an entry's keys),
 * through objects, arrays and records; none when the path leads elsewhere. For "did you mean".
 */
export function keysAt(root: z.ZodType, keyPath: readonly PropertyKey[]): string[] {
  let def = unwrap(root);
  for (const part of keyPath) {
    if (def.type === 'object' && def.shape && typeof part === 'string' && def.shape[part]) def = unwrap(def.shape[part]);
    else if (def.type === 'array' && def.element && typeof part === 'number') def = unwrap(def.element);
    else if (def.type === 'record' && def.valueType) def = unwrap(def.valueType);
    else return [];
  }
  // A union of objects (a content rail: `{ rail, … }` or `{ judge, … }`) takes the keys of each.
  if (def.type === 'union' && def.options) return [...new Set(def.options.flatMap((option) => keysAt(option, [])))];
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
