import { indexPacks, type PackInputItem } from './pack-inputs.js';
import { selectItems } from './selection.js';
import type { Schedule } from './case-definition.js';
import type { PackEntry } from '../report/report-schema.js';

export interface ListedItem {
  kind: 'case' | 'probe';
  id: string;
  title: string;
  pack: string;
  group?: string;
  tags: string[];
  schedules: Schedule[];
}

/** What the selectors match, without running anything (`warden evidence list`). */
export function listCases(options: { packs: readonly PackInputItem[]; selectors?: readonly string[] }): { items: ListedItem[]; packs: PackEntry[] } {
  const index = indexPacks(options.packs);
  const selectors = options.selectors ?? [];
  const cases = selectItems(index.cases, selectors).map(({ definition, pack }): ListedItem => ({
    kind: 'case',
    id: definition.meta.id,
    title: definition.meta.title,
    pack,
    ...(definition.meta.group === undefined ? {} : { group: definition.meta.group }),
    tags: [...definition.meta.tags],
    schedules: [...definition.meta.schedules],
  }));
  const probes = selectItems(index.probes, selectors).map(({ definition, pack }): ListedItem => ({ kind: 'probe', id: definition.id, title: definition.title, pack, tags: [...definition.tags], schedules: [] }));
  return { items: [...cases, ...probes], packs: index.entries };
}
