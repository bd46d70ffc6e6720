import { canonicalJson } from '@warden/protocol/policy';
import type { JsonObject, ToolV1 } from '@warden/protocol';
import type { ExecutionOutcome } from './tool-execution.js';

/** The TTL of a `cacheable: true` tool's answers. */
export const DEFAULT_TOOL_CACHE_TTL_MS = 5 * 60_000;

interface Entry {
  /** The first call's outcome; shared by identical calls made while it still runs. */
  outcome: Promise<ExecutionOutcome>;
  expiresAt: number;
}

/** How often a run's cacheable calls were answered from its cache. */
export interface ToolCacheStats {
  hits: number;
  misses: number;
}

/**
 * One run's cache of `cacheable` tools' answers, keyed by tool and canonical arguments. Only
 * successful outcomes stay in it; the gate and the afterTool hooks (redaction, taint) still see
 * every call, cached or not, so a cache hit never skips a policy decision.
 */
export interface ToolCache {
  readonly stats: ToolCacheStats;
  /** The outcome for this call: from the cache (`cached: true`) or by running `execute`. */
  run(tool: ToolV1, args: JsonObject, execute: () => Promise<ExecutionOutcome>): Promise<{ outcome: ExecutionOutcome; cached: boolean }>;
  /** Forgets every answer: a call that may have changed the world ran (a stale read must not be served). */
  clear(): void;
}

function ttlOf(tool: ToolV1): number | undefined {
  const cacheable = tool.cacheable;
  if (cacheable === undefined || cacheable === false) return undefined;
  return cacheable === true ? DEFAULT_TOOL_CACHE_TTL_MS : cacheable.ttlMs;
}

export function createToolCache(now: () => number = Date.now): ToolCache {
  const entries = new Map<string, Entry>();
  const stats: ToolCacheStats = { hits: 0, misses: 0 };
  return {
    stats,
    async run(tool, args, execute) {
      const ttl = ttlOf(tool);
      if (ttl === undefined) return { outcome: await execute(), cached: false };
      let key: string;
      try {
        key = `${tool.name}\u0000${canonicalJson(args)}`;
      } catch {
        return { outcome: await execute(), cached: false };
      }
      const found = entries.get(key);
      if (found && found.expiresAt > now()) {
        const outcome = await found.outcome;
        // A call that was in flight and then failed is not an answer: run this one itself.
        if (outcome.status === 'ok') {
          stats.hits += 1;
          return { outcome: copyOutcome(outcome), cached: true };
        }
      }
      stats.misses += 1;
      const outcome = execute();
      const entry: Entry = { outcome, expiresAt: now() + ttl };
      entries.set(key, entry);
      const settled = await outcome;
      if (settled.status !== 'ok' && entries.get(key) === entry) entries.delete(key);
      return { outcome: settled, cached: false };
    },
    clear() {
      entries.clear();
    },
  };
}

function copyOutcome(outcome: ExecutionOutcome): ExecutionOutcome {
  return { status: outcome.status, isError: outcome.isError, content: outcome.content.map((part) => ({ ...part })) };
}
