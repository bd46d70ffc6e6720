import type { StoreHit } from './store-types.js';

/** Reciprocal rank fusion's constant: damps the head so one list cannot decide alone. */
const RRF_K = 60;

/**
 * Fuses ranked lists (by meaning, by shared words) with reciprocal rank fusion: a passage high in
 * either list ranks high, so an exact identifier found by words is not lost to a near synonym.
 * Scores are not mixed: each hit keeps its cosine.
 */
export function fuseRankings(lists: readonly (readonly StoreHit[])[]): StoreHit[] {
  const fused = new Map<string, { hit: StoreHit; score: number }>();
  for (const list of lists) {
    list.forEach((hit, rank) => {
      const entry = fused.get(hit.passage.id) ?? { hit, score: 0 };
      entry.score += 1 / (RRF_K + rank + 1);
      fused.set(hit.passage.id, entry);
    });
  }
  return [...fused.values()].sort((a, b) => b.score - a.score || b.hit.score - a.hit.score).map((e) => e.hit);
}
