import type { Usage } from '@warden/protocol';

/** How a row's cost was found. */
export interface SpendRow {
  key: string;
  runs: number;
  calls: number;
  usage: Usage;
  /** Dollars for the calls whose price is known. */
  costUsd: number;
  /** Calls whose model has no price in the table and whose provider recorded none: their cost is unknown (never $0). */
  unknownCostCalls: number;
  /** Cache reads over all input tokens (0–1). */
  cacheHitRate: number;
}

export type SpendDimension = 'agent' | 'model' | 'task' | 'owner' | 'run';

export interface SpendReport {
  since?: string;
  totals: SpendRow;
  /** Rows per dimension, costliest first. */
  by: Record<SpendDimension, SpendRow[]>;
  /** `provider/model` ids whose price is unknown. */
  unknownModels: string[];
  /** The most runs that overlapped in time (a run spans its first to last record). */
  peakConcurrency: number;
  /** Calls to `cacheable` tools: answered from a run's cache (`hits`), run (`misses`), and hits over both (0–1). */
  toolCache: { hits: number; misses: number; hitRate: number };
}
