import type { DecisionEffect } from './decision.js';

/** Strictness order: deny beats ask beats allow. */
export function stricterEffect(a: DecisionEffect, b: DecisionEffect): DecisionEffect {
  const rank: Record<DecisionEffect, number> = { allow: 0, ask: 1, deny: 2 };
  return rank[a] >= rank[b] ? a : b;
}
