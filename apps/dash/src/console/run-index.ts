import { sessionTimeline, type SessionTimeline } from '@warden/eval';
import type { LoadedSession, Owner, SessionSummary } from '@warden/protocol';
import type { SessionSource } from './console-sources.js';

/** One session as the Runs list shows it: the summary, and what its records say about its last run. */
export interface ConsoleRun {
  store: string;
  id: string;
  title: string;
  owner: Owner;
  createdAt: string;
  updatedAt: string;
  costUsd: number;
  messageCount: number;
  /** The last run's stop reason; `running` while no run has ended. */
  status: string;
  agent: string;
  agentVersion?: string;
  model?: string;
  tainted: boolean;
}

/** At most this many sessions per store are read for the list (newest first). */
export const RUN_LIST_LIMIT = 200;

export function describeSession(store: string, summary: SessionSummary, session: LoadedSession, timeline: SessionTimeline = sessionTimeline(session.records)): ConsoleRun {
  const last = timeline.runs?.at(-1);
  const tainted = session.records.some((r) => r.type === 'meta' && r.key === 'warden.taint' && typeof r.value === 'object' && r.value !== null);
  return {
    store,
    id: summary.id,
    title: summary.title,
    owner: summary.owner,
    createdAt: summary.createdAt,
    updatedAt: summary.updatedAt,
    costUsd: summary.costUsd,
    messageCount: summary.messageCount,
    status: last?.stopReason ?? 'running',
    agent: last?.agent ?? 'main',
    ...(last?.agentVersion ? { agentVersion: last.agentVersion } : {}),
    ...(last?.model ? { model: last.provider ? `${last.provider}/${last.model}` : last.model } : {}),
    tainted,
  };
}

/** Every session of every configured store, newest first. Each is loaded once to read its last run (as `warden report` does). */
export async function listConsoleRuns(sources: readonly SessionSource[]): Promise<ConsoleRun[]> {
  const perStore = await Promise.all(
    sources.map(async (source) => {
      const summaries = await source.store.list({ limit: RUN_LIST_LIMIT });
      const runs: ConsoleRun[] = [];
      for (const summary of summaries) {
        try {
          runs.push(describeSession(source.key, summary, await source.store.load(summary.id, summary.owner)));
        } catch {
          // Deleted between list and load: it is simply not listed.
        }
      }
      return runs;
    }),
  );
  return perStore.flat().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
}
