import type { Document, LineCounter } from 'yaml';
import { yamlModule } from './yaml-module.js';

/**
 * Finds the line of a field in a parsed YAML/JSON document. When the exact
 * field does not exist (a missing required key), the closest existing parent
 * is used. With `atKey`, the line of the key itself (for unknown keys).
 */
export function lineOf(doc: Document, counter: LineCounter, path: ReadonlyArray<PropertyKey>, atKey = false): number | undefined {
  return positionOf(doc, counter, path, atKey)?.line;
}

/** Line and column (both 1-based) of a field, found as `lineOf` finds its line. */
export function positionOf(doc: Document, counter: LineCounter, path: ReadonlyArray<PropertyKey>, atKey = false): { line: number; col: number } | undefined {
  const { isMap, isScalar, isSeq } = yamlModule();
  let node: unknown = doc.contents;
  let offset = rangeStart(node);
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i];
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
      if (!pair) break;
      if (last && atKey) {
        offset = rangeStart(pair.key) ?? offset;
        break;
      }
      node = pair.value;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
    } else break;
    offset = rangeStart(node) ?? offset;
  }
  return offset === undefined ? undefined : counter.linePos(offset);
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as { range?: readonly number[] | null } | null | undefined)?.range;
  return range?.[0];
}

/** `rules[2].when` from `['rules', 2, 'when']`. */
export function fieldName(path: ReadonlyArray<PropertyKey>): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? String(segment) : `.${String(segment)}`;
  }
  return out === '' ? '(top level)' : out;
}
