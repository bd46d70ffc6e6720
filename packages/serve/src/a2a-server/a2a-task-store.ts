import { randomUUID } from 'node:crypto';
import { SessionError, type Owner, type SessionStoreV1 } from '@warden/protocol';
import type { A2aServerSdk } from './a2a-server-sdk.js';

type TaskStore = import('@a2a-js/sdk/server').TaskStore;
type Task = import('@a2a-js/sdk').Task;
type ListTasksResponse = import('@a2a-js/sdk').ListTasksResponse;

/** Task ids a caller may choose: they name a session, so the session id's characters and length. */
export const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,119}$/;
export const isTaskId = (id: string): boolean => TASK_ID.test(id) && !id.includes('..');

const TASK_KEY = 'a2a.task';

/**
 * The SDK's `TaskStore` on a Warden session store: each task is a session
 * (`a2a-task-<agent>-<taskId>`, owned by `a2a-tasks:<agent>`) whose `a2a.task` meta records are the
 * task's successive states, the last one current. A server restarted on the same store (a
 * SQLite file, Postgres, a JSONL directory) still answers `tasks/get` for its tasks. What is
 * written passes the harness's redaction boundary when the store is a harness's `store`.
 */
export function sessionTaskStore(sdk: A2aServerSdk, store: SessionStoreV1, agent: string): TaskStore {
  // Their own owner: a task's record is not one of the agent's conversations (`a2a:<agent>`).
  const owner: Owner = { userId: `a2a-tasks:${agent}` };
  const prefix = `a2a-task-${agent}-`;
  const versions = new Map<string, number>();
  const sessionOf = (taskId: string): string => `${prefix}${taskId}`;

  async function read(taskId: string): Promise<{ task: Task; version: number } | undefined> {
    if (!isTaskId(taskId)) return undefined;
    try {
      const loaded = await store.load(sessionOf(taskId), owner);
      versions.set(taskId, loaded.version);
      const last = loaded.records.findLast((r) => r.type === 'meta' && r.key === TASK_KEY);
      return last?.type === 'meta' ? { task: sdk.main.Task.fromJSON(last.value), version: loaded.version } : undefined;
    } catch (error) {
      if (SessionError.isInstance(error) && error.code === 'session.not_found') return undefined;
      throw error;
    }
  }

  async function save(task: Task): Promise<void> {
    if (!isTaskId(task.id)) return; // the request handler refuses such ids before anything is saved
    const record = () => ({ id: randomUUID(), at: new Date().toISOString(), type: 'meta' as const, key: TASK_KEY, value: sdk.main.Task.toJSON(task) as never });
    for (let attempt = 0; ; attempt++) {
      let version = versions.get(task.id);
      if (version === undefined) {
        const found = await read(task.id).catch(() => undefined);
        version = found?.version ?? versions.get(task.id);
        if (version === undefined) {
          try {
            version = (await store.create({ id: sessionOf(task.id), owner, title: `A2A task ${task.id} (${agent})` })).version;
          } catch (error) {
            if (attempt > 2) throw error;
            continue; // created meanwhile: read it and append
          }
        }
      }
      try {
        const result = await store.append(sessionOf(task.id), [record()], { expectedVersion: version, owner });
        versions.set(task.id, result.version);
        return;
      } catch (error) {
        versions.delete(task.id);
        if (attempt > 2 || !SessionError.isInstance(error) || error.code !== 'session.version_conflict') throw error;
      }
    }
  }

  return {
    save: (task) => save(task),
    load: async (taskId) => (await read(taskId))?.task,
    async list(params): Promise<ListTasksResponse> {
      const pageSize = params.pageSize ?? 50;
      const offset = Number.parseInt(params.pageToken || '0', 10) || 0;
      const summaries = (await store.list({ userId: owner.userId!, limit: 10_000 })).filter((s) => s.id.startsWith(prefix));
      const tasks: Task[] = [];
      for (const summary of summaries) {
        const found = await read(summary.id.slice(prefix.length));
        if (!found) continue;
        const { task } = found;
        if (params.contextId && task.contextId !== params.contextId) continue;
        if (params.status && task.status?.state !== params.status) continue;
        if (params.statusTimestampAfter && (task.status?.timestamp ?? '') <= params.statusTimestampAfter) continue;
        tasks.push(params.includeArtifacts ? task : { ...task, artifacts: [] });
      }
      tasks.sort((a, b) => (b.status?.timestamp ?? '').localeCompare(a.status?.timestamp ?? ''));
      const page = tasks.slice(offset, offset + pageSize);
      return { tasks: page, nextPageToken: offset + pageSize < tasks.length ? String(offset + pageSize) : '', pageSize, totalSize: tasks.length };
    },
  };
}
