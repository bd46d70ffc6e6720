/**
 * JSON text of long-lived objects, each serialised once. An agent loop resends
 * the same message and tool objects on every step; serialising the whole
 * history again costs O(history) per call, joining cached text costs a copy.
 * One cache per adapter, held weakly (a dropped conversation frees its text),
 * plus the last call's list, so a call that extends it joins only the new items.
 */
export class JsonFragments<K extends object> {
  private readonly cache = new WeakMap<K, string>();
  /** The items of the last call (a copy) and their joined entries: the next call usually extends them. */
  private last: { items: K[]; joined: string } | undefined;

  /** `toJson` returns the comma-separated entries one item becomes ('' for none). */
  constructor(private readonly toJson: (item: K) => string) {}

  /** The JSON array of every item's entries. */
  array(items: readonly K[]): string {
    let joined = '';
    let start = 0;
    const last = this.last;
    if (last && last.items.length <= items.length && last.items.every((item, i) => item === items[i])) {
      joined = last.joined;
      start = last.items.length;
    }
    for (let i = start; i < items.length; i += 1) {
      const entries = this.entriesOf(items[i]!);
      if (entries !== '') joined = joined === '' ? entries : `${joined},${entries}`;
    }
    this.last = { items: items.slice(), joined };
    return `[${joined}]`;
  }

  private entriesOf(item: K): string {
    let entries = this.cache.get(item);
    if (entries === undefined) {
      entries = this.toJson(item);
      this.cache.set(item, entries);
    }
    return entries;
  }
}

/** Adds fields whose values are already JSON text to a serialised object. */
export function withJsonFields(objectJson: string, fields: ReadonlyArray<readonly [string, string | undefined]>): string {
  let text = objectJson.slice(0, -1);
  let empty = text === '{';
  for (const [key, value] of fields) {
    if (value === undefined) continue;
    text += `${empty ? '' : ','}${JSON.stringify(key)}:${value}`;
    empty = false;
  }
  return `${text}}`;
}
