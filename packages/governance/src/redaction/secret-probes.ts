import type { SecretPattern } from './secret-patterns.js';

const MAX_CACHED_SEARCHES = 64;

/**
 * Tells which patterns can match a text at all, by one combined search for their probes (see
 * `SecretPattern.probe`) instead of one full search per pattern: ordinary tool output holds few
 * secrets, so most patterns are skipped. The search restarts, without the probes already found,
 * from each hit, so a text holds up the search at most once per pattern. Patterns without a probe
 * always run; the order of the patterns is kept.
 */
export function createProbeFilter(patterns: readonly SecretPattern[]): (text: string) => readonly SecretPattern[] {
  const probed = patterns.flatMap((pattern, index) => (pattern.probe === undefined ? [] : [{ probe: pattern.probe, index }]));
  if (probed.length === 0) return () => patterns;
  // Searches built so far, by the probes they look for (few distinct sets occur; capped anyway).
  const searches = new Map<string, RegExp>();
  const searchFor = (remaining: readonly { index: number; probe: string }[]): RegExp => {
    const key = remaining.map((r) => r.index).join(',');
    let search = searches.get(key);
    if (search === undefined) {
      if (searches.size >= MAX_CACHED_SEARCHES) searches.clear();
      search = new RegExp(remaining.map((r) => `(${r.probe})`).join('|'), 'g');
      searches.set(key, search);
    }
    return search;
  };
  return (text) => {
    const present = new Set<number>();
    let remaining = probed;
    let from = 0;
    while (remaining.length > 0) {
      const search = searchFor(remaining);
      search.lastIndex = from;
      const m = search.exec(text);
      if (m === null) break;
      let k = 0;
      while (k < remaining.length && m[k + 1] === undefined) k += 1;
      const found = remaining[k];
      if (found === undefined) break;
      present.add(found.index);
      remaining = remaining.filter((_, i) => i !== k);
      // Another probe may match at the same place (`sk-` and `sk-ant-`): search again from the hit.
      from = m.index;
    }
    return present.size === probed.length ? patterns : patterns.filter((p, i) => p.probe === undefined || present.has(i));
  };
}
