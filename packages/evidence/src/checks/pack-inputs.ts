import type { PackEntry } from '../report/report-schema.js';
import type { CaseDefinition } from './case-definition.js';
import { isPack, type Pack } from './pack-definition.js';
import type { PackLoad } from './pack-discovery.js';
import type { ProbeDefinition } from '../probes/probe-definition.js';

export type PackInputItem = Pack | PackLoad;

export interface PackIndex {
  packs: Pack[];
  entries: PackEntry[];
  cases: Array<{ id: string; pack: string; tags: readonly string[]; definition: CaseDefinition }>;
  probes: Array<{ id: string; pack: string; tags: readonly string[]; definition: ProbeDefinition }>;
}

/** Normalizes packs and load results; a failed load becomes a report entry, the others still run. */
export function indexPacks(items: readonly PackInputItem[]): PackIndex {
  const index: PackIndex = { packs: [], entries: [], cases: [], probes: [] };
  for (const item of items) {
    if (isPack(item)) {
      index.packs.push(item);
      index.entries.push({ source: item.meta.name, name: item.meta.name, version: item.meta.version, status: 'loaded' });
    } else if (item.status === 'loaded') {
      index.packs.push(item.pack);
      index.entries.push({ source: item.source, name: item.pack.meta.name, version: item.pack.meta.version, status: 'loaded' });
    } else {
      index.entries.push({ source: item.source, status: 'error', error: item.error });
    }
  }
  for (const pack of index.packs) {
    for (const definition of pack.cases) index.cases.push({ id: definition.meta.id, pack: pack.meta.name, tags: definition.meta.tags, definition });
    for (const definition of pack.probes) index.probes.push({ id: definition.id, pack: pack.meta.name, tags: definition.tags, definition });
  }
  return index;
}
