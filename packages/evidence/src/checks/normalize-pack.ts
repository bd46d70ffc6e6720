import { evidenceError } from '../errors/coded-errors.js';
import { defineCase, type CaseDefinition } from './case-definition.js';
import { definePack, type Pack } from './pack-definition.js';
import { defineProbe, type ProbeDefinition } from '../probes/probe-definition.js';

/**
 * Re-validates a pack that came from a module (possibly built against another
 * copy of this package): every case and probe goes through defineCase /
 * defineProbe again, so a malformed pack fails at load time with a clear error.
 */
export function normalizePack(value: unknown): Pack {
  const raw = value as Partial<Pack> | null;
  if (typeof raw !== 'object' || raw === null || typeof raw.meta !== 'object' || raw.meta === null) {
    throw evidenceError({ code: 'evidence.invalid_pack', message: 'A pack module must default-export a definePack() result (or a function returning one).', hint: 'export default definePack({ name, cases })' });
  }
  const cases = (Array.isArray(raw.cases) ? raw.cases : []) as CaseDefinition[];
  const probes = (Array.isArray(raw.probes) ? raw.probes : []) as ProbeDefinition[];
  return definePack({
    name: raw.meta.name,
    version: raw.meta.version,
    namespace: raw.meta.namespace,
    description: raw.meta.description,
    cases: cases.map((c) => defineCase(c?.meta, c?.run)),
    probes: probes.map((p) => defineProbe({ id: p?.id, title: p?.title, tags: p?.tags, turns: p?.turns, assertions: p?.assertions })),
    environments: raw.environments ?? {},
  });
}
