import type { Kysely } from 'kysely';
import type { DashDatabase } from '../db/schema.js';

export interface CasePoint {
  runId: string;
  startedAt: string;
  status: string;
  flaky: boolean;
  iterations: number;
  passed: number;
  passRate: number;
  p50: number | null;
  p95: number | null;
  p99: number | null;
  environment: string | null;
}

export interface CaseOverview {
  caseId: string;
  kind: string;
  pack: string;
  title: string;
  runs: number;
  /** Passed iterations over all iterations, across the runs looked at. */
  passRate: number;
  /** Flagged flaky inside a run, or passed in some runs and failed in others. */
  flaky: boolean;
  lastStatus: string;
  lastAt: string;
}

export interface MetricPoint {
  runId: string;
  caseId: string;
  name: string;
  value: number;
  unit: string;
  startedAt: string;
}

/** The figures the containment view plots (names the containment pack records). */
export const CONTAINMENT_METRICS = ['attack_success_rate', 'utility_under_attack', 'benign_utility'] as const;

/** A case is flaky when a run says so, or when its outcome flipped between passing and failing runs. */
export function isFlaky(points: ReadonlyArray<{ status: string; flaky: boolean }>): boolean {
  if (points.some((p) => p.flaky || p.status === 'flaky')) return true;
  const outcomes = new Set(points.map((p) => p.status).filter((s) => s === 'passed' || s === 'failed' || s === 'error'));
  return outcomes.has('passed') && outcomes.size > 1;
}

export function createHistoryStore(db: Kysely<DashDatabase>) {
  return {
    /** The most recent runs of one case, oldest first (what a chart draws left to right). */
    async caseHistory(projectId: string, caseId: string, limit = 100): Promise<CasePoint[]> {
      const rows = await db
        .selectFrom('dash_case_results as c')
        .innerJoin('dash_runs as r', 'r.id', 'c.run_pk')
        .select(['r.run_id', 'r.environment', 'c.started_at', 'c.status', 'c.flaky', 'c.iterations', 'c.passed', 'c.pass_rate', 'c.p50_ms', 'c.p95_ms', 'c.p99_ms'])
        .where('c.project_id', '=', projectId)
        .where('r.project_id', '=', projectId)
        .where('c.case_id', '=', caseId)
        .orderBy('c.started_at', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({
        runId: r.run_id,
        startedAt: r.started_at,
        status: r.status,
        flaky: r.flaky === 1,
        iterations: r.iterations,
        passed: r.passed,
        passRate: r.pass_rate,
        p50: r.p50_ms,
        p95: r.p95_ms,
        p99: r.p99_ms,
        environment: r.environment,
      }));
    },

    /** Every case seen in the project's recent results, with its pass rate and flakiness. */
    async overview(projectId: string, limit = 5000): Promise<CaseOverview[]> {
      const rows = await db
        .selectFrom('dash_case_results')
        .select(['case_id', 'kind', 'pack', 'title', 'status', 'flaky', 'iterations', 'passed', 'started_at'])
        .where('project_id', '=', projectId)
        .orderBy('started_at', 'desc')
        .limit(limit)
        .execute();
      const byCase = new Map<string, typeof rows>();
      for (const row of rows) byCase.set(row.case_id, [...(byCase.get(row.case_id) ?? []), row]);
      return [...byCase.values()]
        .map((list) => {
          const last = list[0]!;
          const iterations = list.reduce((n, r) => n + r.iterations, 0);
          const passed = list.reduce((n, r) => n + r.passed, 0);
          return {
            caseId: last.case_id,
            kind: last.kind,
            pack: last.pack,
            title: last.title,
            runs: list.length,
            passRate: iterations === 0 ? 0 : passed / iterations,
            flaky: isFlaky(list.map((r) => ({ status: r.status, flaky: r.flaky === 1 }))),
            lastStatus: last.status,
            lastAt: last.started_at,
          };
        })
        .sort((a, b) => Number(b.flaky) - Number(a.flaky) || a.caseId.localeCompare(b.caseId));
    },

    async metrics(projectId: string, names: readonly string[], limit = 2000): Promise<MetricPoint[]> {
      if (names.length === 0) return [];
      const rows = await db
        .selectFrom('dash_metrics as m')
        .innerJoin('dash_runs as r', 'r.id', 'm.run_pk')
        .select(['r.run_id', 'm.case_id', 'm.name', 'm.value', 'm.unit', 'm.started_at'])
        .where('m.project_id', '=', projectId)
        .where('r.project_id', '=', projectId)
        .where('m.name', 'in', [...names])
        .orderBy('m.started_at', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse().map((r) => ({ runId: r.run_id, caseId: r.case_id, name: r.name, value: r.value, unit: r.unit, startedAt: r.started_at }));
    },
  };
}

export type HistoryStore = ReturnType<typeof createHistoryStore>;
