import { randomUUID } from 'node:crypto';
import { errorCodeOf, type JsonValue, type MetaRecord, type Owner, type SessionStoreV1 } from '@warden/protocol';
import { orchestratorError } from './coded-errors.js';
import { applyRecord, emptyJob, ORCHESTRATOR_KEYS, type JobState } from './job-state.js';

// A job is a session in the store it is given, as `meta` records (no new record kind, so every
// store keeps working) — the approach of @warden/workflows' checkpoints. Every append carries the
// version this process last saw: when another process has written since (it resumed the same job),
// the append fails with `session.version_conflict` and this process stops with `orchestrator.taken_over`.

export class JobJournal {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: SessionStoreV1,
    readonly job: JobState,
    private version: number,
    private readonly owner: Owner | undefined,
  ) {}

  static async begin(store: SessionStoreV1, id: string, name: string, goal: string, owner?: Owner): Promise<JobJournal> {
    const created = await store.create({ id, title: `orchestrator ${name}`, ...(owner ? { owner } : {}) });
    const journal = new JobJournal(store, emptyJob(id, name, goal), created.version, owner);
    await journal.write([
      [ORCHESTRATOR_KEYS.start, { name, goal }],
      [ORCHESTRATOR_KEYS.claim, { runner: randomUUID() }],
    ]);
    return journal;
  }

  /** Reads a job back without claiming it. */
  static async read(store: SessionStoreV1, id: string, owner?: Owner): Promise<{ job: JobState; version: number }> {
    let loaded;
    try {
      loaded = await store.load(id, owner);
    } catch (error) {
      if (errorCodeOf(error) === 'session.not_found') throw orchestratorError('orchestrator.not_found', `no orchestrated job "${id}" in the session store`, 'Check the job id.', error);
      throw error;
    }
    const job = emptyJob(id, '', '');
    let started = false;
    for (const record of loaded.records) {
      if (record.type !== 'meta') continue;
      if (record.key === ORCHESTRATOR_KEYS.start) started = true;
      applyRecord(job, record.key, (record.value ?? {}) as Record<string, unknown>);
    }
    if (!started) throw orchestratorError('orchestrator.not_found', `session "${id}" is not an orchestrated job`, 'Resume an id that an orchestrator started.');
    return { job, version: loaded.version };
  }

  /** Reads a job back and claims it for this process; a second claimant racing it loses here. */
  static async resume(store: SessionStoreV1, id: string, owner?: Owner): Promise<JobJournal> {
    const { job, version } = await JobJournal.read(store, id, owner);
    const journal = new JobJournal(store, job, version, owner);
    await journal.write([[ORCHESTRATOR_KEYS.claim, { runner: randomUUID() }]]);
    return journal;
  }

  /** Applies the records to the job and appends them together (one append: they land or none does). */
  write(entries: readonly (readonly [string, Record<string, unknown>])[]): Promise<void> {
    for (const [key, value] of entries) applyRecord(this.job, key, value);
    const records = entries.map(([key, value]) => meta(key, value as unknown as JsonValue));
    const next = this.queue.then(async () => {
      try {
        const result = await this.store.append(this.job.id, records, { expectedVersion: this.version, ...(this.owner ? { owner: this.owner } : {}) });
        this.version = result.version;
      } catch (error) {
        if (errorCodeOf(error) === 'session.version_conflict') {
          throw orchestratorError('orchestrator.taken_over', `another process wrote to job "${this.job.id}"; this one stopped`, 'Only one process runs a job at a time; let the other finish.', error);
        }
        throw error;
      }
    });
    // A failed write fails its caller; later writes still try (and fail the same way on a conflict).
    this.queue = next.catch(() => undefined);
    return next;
  }
}

function meta(key: string, value: JsonValue): MetaRecord {
  return { type: 'meta', id: randomUUID(), at: new Date().toISOString(), key, value };
}
