import type { z } from 'zod';

/** How a flag reads its value on the command line. */
export type OptionKind = 'boolean' | 'value' | 'list';

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  in?: { _zod: { def: Def } };
}

function defOf(schema: z.ZodType): Def {
  return (schema as unknown as { _zod: { def: Def } })._zod.def;
}

/** Looks through optional/default/nullable/pipe wrappers to the type the flag carries. */
export function optionKind(schema: z.ZodType): OptionKind {
  let def = defOf(schema);
  for (let i = 0; i < 8; i++) {
    if (def.innerType) def = def.innerType._zod.def;
    else if (def.type === 'pipe' && def.in) def = def.in._zod.def;
    else break;
  }
  if (def.type === 'boolean') return 'boolean';
  if (def.type === 'array') return 'list';
  return 'value';
}

export function kebabCase(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

export function camelCase(flag: string): string {
  return flag.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}
