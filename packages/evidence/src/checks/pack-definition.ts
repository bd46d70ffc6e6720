import type { JsonValue } from '@warden/protocol';
import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';
import type { CaseDefinition } from './case-definition.js';
import type { ProbeDefinition } from '../probes/probe-definition.js';

export type EnvironmentValues = Readonly<Record<string, JsonValue>>;

export interface PackInput {
  name: string;
  version?: string;
  /** Prefix of its case ids (default: the name). Informational. */
  namespace?: string;
  description?: string;
  cases?: readonly CaseDefinition[];
  probes?: readonly ProbeDefinition[];
  /** Named environments, e.g. `{ local: { baseUrl: 'http://127.0.0.1:3000' } }`. */
  environments?: Readonly<Record<string, EnvironmentValues>>;
}

export interface Pack {
  readonly meta: { readonly name: string; readonly version: string; readonly namespace: string; readonly description: string };
  readonly cases: readonly CaseDefinition[];
  readonly probes: readonly ProbeDefinition[];
  readonly environments: Readonly<Record<string, EnvironmentValues>>;
}

const NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:-]*$/;

function invalid(message: string, hint = 'definePack({ name, description, cases: [defineCase(…)], environments })'): EvidenceError {
  return evidenceError({ code: 'evidence.invalid_pack', message, hint });
}

/** Bundles cases, probes and environments into a pack (the default export of a pack module). */
export function definePack(input: PackInput): Pack {
  if (typeof input?.name !== 'string' || !NAME_PATTERN.test(input.name)) throw invalid(`Pack name "${String(input?.name).slice(0, 60)}" is invalid.`);
  const cases = [...(input.cases ?? [])];
  const probes = [...(input.probes ?? [])];
  const ids = new Set<string>();
  for (const item of [...cases, ...probes]) {
    const kind = (item as { kind?: unknown }).kind;
    if (kind !== 'case' && kind !== 'probe') throw invalid(`Pack ${input.name} holds something that is not a defineCase/defineProbe result.`);
    const id = item.kind === 'case' ? item.meta.id : item.id;
    if (ids.has(id)) throw invalid(`Pack ${input.name} defines "${id}" twice.`, 'Case and probe ids are unique within a pack.');
    ids.add(id);
  }
  const environments: Record<string, EnvironmentValues> = {};
  for (const [name, values] of Object.entries(input.environments ?? {})) {
    if (typeof values !== 'object' || values === null || Array.isArray(values)) throw invalid(`Pack ${input.name}: environment "${name}" is not an object.`);
    environments[name] = Object.freeze({ ...values });
  }
  return Object.freeze({
    meta: Object.freeze({ name: input.name, version: input.version ?? '0.0.0', namespace: input.namespace ?? input.name, description: input.description ?? '' }),
    cases: Object.freeze(cases),
    probes: Object.freeze(probes),
    environments: Object.freeze(environments),
  });
}

/** True for a value shaped like a definePack result (e.g. a pack module's default export). */
export function isPack(value: unknown): value is Pack {
  if (typeof value !== 'object' || value === null) return false;
  const pack = value as Partial<Pack>;
  return typeof pack.meta === 'object' && pack.meta !== null && typeof pack.meta.name === 'string' && Array.isArray(pack.cases) && Array.isArray(pack.probes);
}
