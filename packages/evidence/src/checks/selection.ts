import { globRegExp } from '@warden/protocol/vocabulary';

export interface Selectable {
  id: string;
  pack: string;
  tags: readonly string[];
}

/**
 * Does `selector` match `item`? Forms: `pack:<name>`, `tag:<tag>`, an exact id
 * (`web:health`) or a glob over ids (`web:*`). `pack:` and `tag:` are reserved prefixes.
 */
export function matchesSelector(selector: string, item: Selectable): boolean {
  if (selector.startsWith('pack:')) return item.pack === selector.slice(5);
  if (selector.startsWith('tag:')) return item.tags.includes(selector.slice(4));
  if (selector.includes('*')) return globRegExp(selector).test(item.id);
  return item.id === selector;
}

/** The items any selector matches, in their original order. No selectors: everything. */
export function selectItems<T extends Selectable>(items: readonly T[], selectors: readonly string[]): T[] {
  if (selectors.length === 0) return [...items];
  return items.filter((item) => selectors.some((selector) => matchesSelector(selector, item)));
}
