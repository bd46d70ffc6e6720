import { randomUUID } from 'node:crypto';
import { errorCodeOf, type JsonValue, type MetaRecord, type Owner, type SessionStoreV1 } from '@warden/protocol';
import { workflowError } from './coded-errors.js';

// A workflow run is checkpointed in a session store as `meta` records (no new record kind, so every
// store keeps working): the run's start, a claim per process that runs it, each tool or agent step's
// start and result, and the end. Resuming replays the file from the top and takes every recorded
// result instead of running the step again.

export const WORKFLOW_KEYS = {
  start: 'warden.workflow',
  claim: 'warden.workflow_claim',
  started: 'warden.workflow_step_started',
  done: 'warden.workflow_step_done',
  end: 'warden.workflow_end',
} as const;

export interface WorkflowStart {
  name: string;
  version?: string;
  /** The workflow file, when the run was started from one. */
  file?: string;
  inputs: Record<string, JsonValue>;
}

/** What a finished tool or agent step left: its output (as stored) and what it cost. */
export interface RecordedStep {
  status: 'ok' | 'error';
  output: JsonValue;
  error?: string;
  costUsd?: number;
}

/** The records of a run, read back: what started, what finished, how it ended. */
export interface JournalReading {
  start: WorkflowStart;
  started: Set<string>;
  done: Map<string, RecordedStep>;
  ended: boolean;
  /** How the last process that ran it ended it. */
  status?: string;
}

/**
 * One process's handle on a run's session. Appends go out one at a time with the version this
 * process last saw: when another process has written since (it resumed the same run), the append
 * fails with `session.version_conflict` and this process stops with `workflow.taken_over`.
 */
export class CheckpointJournal {
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly store: SessionStoreV1,
    readonly runId: string,
    private version: number,
    private readonly owner: Owner | undefined,
  ) {}

  static async begin(store: SessionStoreV1, runId: string, start: WorkflowStart, owner?: Owner): Promise<CheckpointJournal> {
    const created = await store.create({ id: runId, title: `workflow ${start.name}`, ...(owner ? { owner } : {}) });
    const journal = new CheckpointJournal(store, runId, created.version, owner);
    await journal.write([meta(WORKFLOW_KEYS.start, start as unknown as JsonValue), meta(WORKFLOW_KEYS.claim, { runner: randomUUID() })]);
    return journal;
  }

  /** Reads a run back and claims it for this process; a second claimant racing it loses here. */
  /** What a stored run is, without claiming it: its workflow, inputs and whether it ended (and how). */
  static async inspect(store: SessionStoreV1, runId: string, owner?: Owner): Promise<WorkflowStart & { ended: boolean; status?: string }> {
    let loaded;
    try {
      loaded = await store.load(runId, owner);
    } catch (error) {
      if (errorCodeOf(error) === 'session.not_found') throw workflowError('workflow.not_found', `no workflow run "${runId}" in the session store`, 'Check the run id (warden sessions lists runs).');
      throw error;
    }
    const reading = read(loaded.records);
    if (!reading) throw workflowError('workflow.not_found', `session "${runId}" is not a workflow run`, 'Resume a run id that a workflow started.');
    return { ...reading.start, ended: reading.ended, ...(reading.status ? { status: reading.status } : {}) };
  }

  static async resume(store: SessionStoreV1, runId: string, owner?: Owner): Promise<{ journal: CheckpointJournal; reading: JournalReading }> {
    let loaded;
    try {
      loaded = await store.load(runId, owner);
    } catch (error) {
      if (errorCodeOf(error) === 'session.not_found') throw workflowError('workflow.not_found', `no workflow run "${runId}" in the session store`, 'Check the run id (warden sessions lists runs).');
      throw error;
    }
    const reading = read(loaded.records);
    if (!reading) throw workflowError('workflow.not_found', `session "${runId}" is not a workflow run`, 'Resume a run id that a workflow started.');
    const journal = new CheckpointJournal(store, runId, loaded.version, owner);
    await journal.write([meta(WORKFLOW_KEYS.claim, { runner: randomUUID() })]);
    return { journal, reading };
  }

  stepStarted(key: string): Promise<void> {
    return this.write([meta(WORKFLOW_KEYS.started, { key })]);
  }

  stepDone(key: string, step: RecordedStep): Promise<void> {
    return this.write([meta(WORKFLOW_KEYS.done, { key, ...step })]);
  }

  end(value: JsonValue): Promise<void> {
    return this.write([meta(WORKFLOW_KEYS.end, value)]);
  }

  private write(records: MetaRecord[]): Promise<void> {
    const next = this.queue.then(async () => {
      try {
        const result = await this.store.append(this.runId, records, { expectedVersion: this.version, ...(this.owner ? { owner: this.owner } : {}) });
        this.version = result.version;
      } catch (error) {
        if (errorCodeOf(error) === 'session.version_conflict') {
          throw workflowError('workflow.taken_over', `another process wrote to workflow run "${this.runId}"; this one stopped`, 'Only one process runs a workflow at a time; let the other finish.', error);
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

function read(records: readonly { type: string; key?: string; value?: unknown }[]): JournalReading | undefined {
  let start: WorkflowStart | undefined;
  const started = new Set<string>();
  const done = new Map<string, RecordedStep>();
  let ended = false;
  let status: string | undefined;
  for (const record of records) {
    if (record.type !== 'meta') continue;
    const value = record.value as Record<string, unknown>;
    if (record.key === WORKFLOW_KEYS.start) start = value as unknown as WorkflowStart;
    else if (record.key === WORKFLOW_KEYS.started) started.add(value.key as string);
    else if (record.key === WORKFLOW_KEYS.done) {
      const { key, ...step } = value;
      done.set(key as string, step as unknown as RecordedStep);
    } else if (record.key === WORKFLOW_KEYS.end) {
      ended = true;
      status = typeof value.status === 'string' ? value.status : undefined;
    }
  }
  return start ? { start, started, done, ended, ...(status ? { status } : {}) } : undefined;
}
