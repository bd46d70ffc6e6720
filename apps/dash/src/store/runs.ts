import type { Kysely } from 'kysely';
import type { DashDatabase, RunsTable } from '../db/schema.js';
import type { IndexedReport } from '../ingest/index-report.js';

export type RunSummary = Omit<RunsTable, 'report' | 'digest' | 'token_id'>;

export interface RunFilters {
  pack?: string;
  caseId?: string;
  /** `passed`, `failed` (the run's verdict) or `flaky` (a run with a flaky case). */
  status?: string;
  environment?: string;
  /** ISO dates (inclusive), compared with the run's start. */
  from?: string;
  to?: string;
}

export type StoreOutcome = { kind: 'created' } | { kind: 'same' } | { kind: 'conflict' };

const SUMMARY_COLUMNS = [
  'r.id',
  'r.project_id',
  'r.run_id',
  'r.received_at',
  'r.started_at',
  'r.duration_ms',
  'r.mode',
  'r.environment',
  'r.verdict',
  'r.total',
  'r.passed',
  'r.failed',
  'r.flaky',
  'r.skipped',
  'r.errored',
  'r.probes',
  'r.packs',
  'r.bytes',
] as const;

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; message?: unknown };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

export function createRunStore(db: Kysely<DashDatabase>) {
  async function existingDigest(projectId: string, runId: string): Promise<string | undefined> {
    const row = await db.selectFrom('dash_runs').select('digest').where('project_id', '=', projectId).where('run_id', '=', runId).executeTakeFirst();
    return row?.digest;
  }

  return {
    /** Idempotent by run id within a project: the same bytes again are a no-op, different bytes a conflict. */
    async store(indexed: IndexedReport): Promise<StoreOutcome> {
      const { run } = indexed;
      const before = await existingDigest(run.project_id, run.run_id);
      if (before !== undefined) return before === run.digest ? { kind: 'same' } : { kind: 'conflict' };
      try {
        await db.transaction().execute(async (trx) => {
          await trx.insertInto('dash_runs').values(run).execute();
          for (let i = 0; i < indexed.cases.length; i += 200) await trx.insertInto('dash_case_results').values(indexed.cases.slice(i, i + 200)).execute();
          for (let i = 0; i < indexed.metrics.length; i += 200) await trx.insertInto('dash_metrics').values(indexed.metrics.slice(i, i + 200)).execute();
        });
      } catch (error) {
        // Two pushes of one run raced: the loser answers as if it came second.
        if (!isUniqueViolation(error)) throw error;
        const after = await existingDigest(run.project_id, run.run_id);
        return after === run.digest ? { kind: 'same' } : { kind: 'conflict' };
      }
      return { kind: 'created' };
    },

    async list(projectId: string, filters: RunFilters, limit = 200): Promise<RunSummary[]> {
      let query = db.selectFrom('dash_runs as r').select([...SUMMARY_COLUMNS]).where('r.project_id', '=', projectId);
      if (filters.environment) query = query.where('r.environment', '=', filters.environment);
      if (filters.status === 'passed' || filters.status === 'failed') query = query.where('r.verdict', '=', filters.status);
      if (filters.status === 'flaky') {
        // A case the report counts as flaky, or one flagged flaky whose pass rate still failed it.
        query = query.where((eb) => eb.exists(eb.selectFrom('dash_case_results as f').select('f.id').whereRef('f.run_pk', '=', 'r.id').where((w) => w.or([w('f.flaky', '=', 1), w('f.status', '=', 'flaky')]))));
      }
      if (filters.from) query = query.where('r.started_at', '>=', filters.from);
      if (filters.to) query = query.where('r.started_at', '<', filters.to);
      if (filters.pack || filters.caseId) {
        const { pack, caseId } = filters;
        query = query.where((eb) => {
          let sub = eb.selectFrom('dash_case_results as c').select('c.id').whereRef('c.run_pk', '=', 'r.id');
          if (pack) sub = sub.where('c.pack', '=', pack);
          if (caseId) sub = sub.where('c.case_id', '=', caseId);
          return eb.exists(sub);
        });
      }
      return query.orderBy('r.started_at', 'desc').orderBy('r.received_at', 'desc').limit(limit).execute();
    },

    async get(projectId: string, runId: string): Promise<RunsTable | undefined> {
      return db.selectFrom('dash_runs').selectAll().where('project_id', '=', projectId).where('run_id', '=', runId).executeTakeFirst();
    },

    /** The values the run list's filter menus offer. */
    async filterValues(projectId: string): Promise<{ packs: string[]; environments: string[]; cases: string[] }> {
      const packs = await db.selectFrom('dash_case_results').select('pack').distinct().where('project_id', '=', projectId).orderBy('pack').execute();
      const cases = await db.selectFrom('dash_case_results').select('case_id').distinct().where('project_id', '=', projectId).orderBy('case_id').limit(1000).execute();
      const envs = await db.selectFrom('dash_runs').select('environment').distinct().where('project_id', '=', projectId).where('environment', 'is not', null).orderBy('environment').execute();
      return { packs: packs.map((r) => r.pack), cases: cases.map((r) => r.case_id), environments: envs.map((r) => r.environment ?? '') };
    },
  };
}

export type RunStore = ReturnType<typeof createRunStore>;
