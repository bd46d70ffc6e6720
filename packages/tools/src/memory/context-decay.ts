import { toolError } from '../tool-error-codes.js';

/** One remembered item and its weight now: `importance × 0.5^(age / halfLifeSteps)`. */
export interface DecayItem<V> {
  key: string;
  value: V;
  importance: number;
  /** The step it was added at. */
  addedAt: number;
  weight: number;
}

/** Argentum's `get_stats()`, camel-cased. `activeItems` counts weights ≥ 0.3 (Argentum's default threshold). */
export interface DecayStats {
  totalItems: number;
  activeItems: number;
  avgDecay: number;
  oldestAge: number;
}

export interface ContextDecayOptions {
  /** Steps after which an item keeps half its importance (Argentum's `half_life_steps`). */
  halfLifeSteps: number;
  /** At most this many items (Argentum's `max_context_items`, default 10 000); adding one more throws `tool.memory_limit`. */
  maxItems?: number;
}

/** Serialisable state, for persistence (`contextDecay(options, state)` restores it). */
export interface ContextDecayState<V> {
  currentStep: number;
  items: { key: string; value: V; importance: number; addedAt: number }[];
}

export interface ContextDecay<V> {
  readonly halfLifeSteps: number;
  readonly currentStep: number;
  readonly size: number;
  /** Adds or replaces an item (a replaced item starts again at `at`, default now). Importance is in [0, 1]. */
  add(key: string, value: V, importance?: number, at?: number): void;
  /** Advances time by `steps` (default 1). */
  step(steps?: number): void;
  get(key: string): DecayItem<V> | undefined;
  remove(key: string): boolean;
  /** Items whose weight is ≥ `threshold` (default 0.3), heaviest first; equal weights by key. */
  active(threshold?: number): DecayItem<V>[];
  /** Every item, heaviest first. */
  all(): DecayItem<V>[];
  /** Removes items whose weight is below `threshold` (default 0.1); returns how many. */
  clearExpired(threshold?: number): number;
  stats(): DecayStats;
  toJSON(): ContextDecayState<V>;
}

export const DEFAULT_MAX_CONTEXT_ITEMS = 10_000;
/** Argentum's `max_half_life_steps`. */
export const MAX_HALF_LIFE_STEPS = 100_000;

function invalid(message: string): never {
  throw toolError('tool.invalid_args', message);
}

function checkImportance(importance: number): void {
  if (!Number.isFinite(importance) || importance < 0 || importance > 1) invalid(`importance must be between 0 and 1, got ${importance}`);
}

/**
 * Temporal decay for an agent's working memory (Argentum's `ContextDecay`): each item's weight is
 * `importance × 0.5^((currentStep − addedAt) / halfLifeSteps)`. Pure and deterministic — time is
 * the step counter, never the clock — so the same calls always give the same weights.
 */
export function contextDecay<V>(options: ContextDecayOptions, state?: ContextDecayState<V>): ContextDecay<V> {
  const { halfLifeSteps } = options;
  if (!Number.isInteger(halfLifeSteps) || halfLifeSteps <= 0 || halfLifeSteps > MAX_HALF_LIFE_STEPS) invalid(`halfLifeSteps must be a whole number from 1 to ${MAX_HALF_LIFE_STEPS}, got ${halfLifeSteps}`);
  const maxItems = options.maxItems ?? DEFAULT_MAX_CONTEXT_ITEMS;
  const items = new Map<string, { value: V; importance: number; addedAt: number }>();
  let current = state?.currentStep ?? 0;
  for (const item of state?.items ?? []) {
    checkImportance(item.importance);
    items.set(item.key, { value: item.value, importance: item.importance, addedAt: item.addedAt });
  }
  const weigh = (key: string, item: { value: V; importance: number; addedAt: number }): DecayItem<V> => ({
    key,
    value: item.value,
    importance: item.importance,
    addedAt: item.addedAt,
    weight: item.importance * 0.5 ** (Math.max(0, current - item.addedAt) / halfLifeSteps),
  });
  const sorted = (list: DecayItem<V>[]): DecayItem<V>[] => list.sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const all = (): DecayItem<V>[] => sorted([...items].map(([key, item]) => weigh(key, item)));
  return {
    halfLifeSteps,
    get currentStep() {
      return current;
    },
    get size() {
      return items.size;
    },
    add(key, value, importance = 1, at = current) {
      if (typeof key !== 'string' || key === '') invalid('a key is a non-empty string');
      checkImportance(importance);
      if (!Number.isInteger(at) || at < 0) invalid(`at must be a step number, got ${at}`);
      if (!items.has(key) && items.size >= maxItems) throw toolError('tool.memory_limit', `working memory holds ${items.size} items (limit ${maxItems})`, 'Clear expired items (clearExpired) or raise maxContextItems.');
      items.set(key, { value, importance, addedAt: at });
    },
    step(steps = 1) {
      if (!Number.isInteger(steps) || steps < 0) invalid(`steps must be a whole number ≥ 0, got ${steps}`);
      current += steps;
    },
    get(key) {
      const item = items.get(key);
      return item ? weigh(key, item) : undefined;
    },
    remove: (key) => items.delete(key),
    active: (threshold = 0.3) => all().filter((item) => item.weight >= threshold),
    all,
    clearExpired(threshold = 0.1) {
      let removed = 0;
      for (const [key, item] of [...items]) {
        if (weigh(key, item).weight < threshold) {
          items.delete(key);
          removed += 1;
        }
      }
      return removed;
    },
    stats() {
      const list = all();
      if (list.length === 0) return { totalItems: 0, activeItems: 0, avgDecay: 0, oldestAge: 0 };
      return {
        totalItems: list.length,
        activeItems: list.filter((i) => i.weight >= 0.3).length,
        avgDecay: list.reduce((sum, i) => sum + i.weight, 0) / list.length,
        oldestAge: Math.max(...list.map((i) => current - i.addedAt)),
      };
    },
    toJSON: () => ({ currentStep: current, items: [...items].map(([key, item]) => ({ key, ...item })) }),
  };
}
