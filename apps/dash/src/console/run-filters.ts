import type { ConsoleRun } from './run-index.js';

/** The Runs list's filters, from the query string (unknown keys ignored, bad values dropped). */
export interface RunFilter {
  agent?: string;
  version?: string;
  owner?: string;
  tenant?: string;
  status?: string;
  model?: string;
  /** `YYYY-MM-DD`, inclusive, on the session's last update (UTC). */
  from?: string;
  to?: string;
  minCost?: number;
  tainted?: boolean;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function runFilterFrom(query: Record<string, string>): RunFilter {
  const filter: RunFilter = {};
  for (const key of ['agent', 'version', 'owner', 'tenant', 'status', 'model'] as const) if (query[key]) filter[key] = query[key];
  if (query.from && DATE.test(query.from)) filter.from = query.from;
  if (query.to && DATE.test(query.to)) filter.to = query.to;
  const cost = Number(query.minCost);
  if (query.minCost && Number.isFinite(cost) && cost >= 0) filter.minCost = cost;
  if (query.tainted === 'yes' || query.tainted === 'no') filter.tainted = query.tainted === 'yes';
  return filter;
}

export function matchesRun(run: ConsoleRun, f: RunFilter): boolean {
  const day = run.updatedAt.slice(0, 10);
  return (
    (f.agent === undefined || run.agent === f.agent) &&
    (f.version === undefined || run.agentVersion === f.version) &&
    (f.owner === undefined || run.owner.userId === f.owner) &&
    (f.tenant === undefined || run.owner.tenantId === f.tenant) &&
    (f.status === undefined || run.status === f.status) &&
    (f.model === undefined || run.model === f.model) &&
    (f.from === undefined || day >= f.from) &&
    (f.to === undefined || day <= f.to) &&
    (f.minCost === undefined || run.costUsd >= f.minCost) &&
    (f.tainted === undefined || run.tainted === f.tainted)
  );
}

/** The values each select offers: what the listed runs hold. */
export function filterChoices(runs: readonly ConsoleRun[]): Record<'agent' | 'version' | 'owner' | 'tenant' | 'status' | 'model', string[]> {
  const distinct = (pick: (r: ConsoleRun) => string | undefined): string[] => [...new Set(runs.map(pick).filter((v): v is string => v !== undefined && v !== ''))].sort();
  return {
    agent: distinct((r) => r.agent),
    version: distinct((r) => r.agentVersion),
    owner: distinct((r) => r.owner.userId),
    tenant: distinct((r) => r.owner.tenantId),
    status: distinct((r) => r.status),
    model: distinct((r) => r.model),
  };
}
