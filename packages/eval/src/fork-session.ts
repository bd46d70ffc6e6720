import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import { randomUUID } from 'node:crypto';
import type { Owner, SessionRecord, SessionStoreV1 } from '@warden/protocol';
import { evalError } from './coded-errors.js';

/** The meta key of a fork's first record: `{ parent, step }`. */
export const FORK_META_KEY = SESSION_META_KEYS.fork;

export interface ForkOptions {
  /** Keep the conversation up to this model step (from 1): the fork's next model call is step `step`. */
  step: number;
  /** The fork's id (default: a fresh random id). */
  forkId?: string;
  /** Load the parent as this owner; the fork gets the parent's owner. */
  owner?: Owner;
}

export interface SessionFork {
  forkId: string;
  parentId: string;
  step: number;
  /** Model steps the parent has. */
  parentSteps: number;
  /** Tool results copied from the parent: reused as recorded, never executed again. */
  reusedToolResults: number;
}

/** The model steps of a session: its assistant `message` records, in order (record indexes). */
export function sessionSteps(records: readonly SessionRecord[]): number[] {
  const steps: number[] = [];
  records.forEach((record, index) => {
    if (record.type === 'message' && record.message.role === 'assistant') steps.push(index);
  });
  return steps;
}

/**
 * Copies a stored session into a new one up to (not including) model step `step`: the task, every
 * earlier model turn, each of their tool calls and the recorded results, approvals and the run's
 * stored scope and taint. The parent is never written; the fork's first record points at it.
 */
export async function forkSession(store: SessionStoreV1, parentId: string, options: ForkOptions): Promise<SessionFork> {
  const parent = await store.load(parentId, options.owner);
  const steps = sessionSteps(parent.records);
  if (!Number.isInteger(options.step) || options.step < 1 || options.step > steps.length) {
    throw evalError('eval.invalid_step', `session ${parent.id} has ${steps.length} model step${steps.length === 1 ? '' : 's'}; step ${options.step} is not one of them`, steps.length > 0 ? `Use --step 1…${steps.length}.` : 'The session has no model step to replay from.');
  }
  const cut = steps[options.step - 1]!;
  const kept = parent.records.slice(0, cut).filter((record) => record.type !== 'header');
  const header = parent.records.find((record) => record.type === 'header');
  const owner = header?.type === 'header' ? header.owner : parent.owner;
  const created = await store.create({ ...(options.forkId ? { id: options.forkId } : {}), owner, title: `fork of ${parent.id} at step ${options.step}` });
  const pointer: SessionRecord = { id: `fork-${randomUUID()}`, at: new Date().toISOString(), type: 'meta', key: FORK_META_KEY, value: { parent: parent.id, step: options.step } };
  await store.append(created.id, [pointer, ...kept], { expectedVersion: created.version, owner });
  return { forkId: created.id, parentId: parent.id, step: options.step, parentSteps: steps.length, reusedToolResults: kept.filter((r) => r.type === 'tool_result').length };
}

/** Where a stored session was forked from, if it is a fork. */
export function forkOf(records: readonly SessionRecord[]): { parent: string; step: number } | undefined {
  for (const record of records) {
    if (record.type !== 'meta' || record.key !== FORK_META_KEY) continue;
    const value = record.value as { parent?: unknown; step?: unknown } | null;
    if (value && typeof value.parent === 'string' && typeof value.step === 'number') return { parent: value.parent, step: value.step };
  }
  return undefined;
}
