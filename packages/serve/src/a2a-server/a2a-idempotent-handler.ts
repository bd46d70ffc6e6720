import { createHash, randomUUID } from 'node:crypto';
import type { A2aServerSdk } from './a2a-server-sdk.js';
import { isTaskId } from './a2a-task-store.js';

type A2ARequestHandler = import('@a2a-js/sdk/server').A2ARequestHandler;
type ServerCallContext = import('@a2a-js/sdk/server').ServerCallContext;
type TaskStore = import('@a2a-js/sdk/server').TaskStore;
type SendMessageRequest = import('@a2a-js/sdk').SendMessageRequest;
type StreamResponse = import('@a2a-js/sdk').StreamResponse;
type Task = import('@a2a-js/sdk').Task;

/** The task a message starts when the caller names none: derived from its `messageId`, so a retry finds it. */
export function taskIdForMessage(messageId: string): string {
  return `m-${createHash('sha256').update(messageId).digest('hex').slice(0, 40)}`;
}

/**
 * Wraps the SDK's request handler so a send is idempotent by `messageId`. The task id is the
 * caller's (`message.taskId`, created if it does not exist yet — the SDK alone only continues
 * existing tasks) or derived from the `messageId`; a send whose message is already in that
 * task's history is a retry: it is not run again, the caller gets the task (a blocking retry
 * waits for it to settle, a streaming one follows it as `tasks/resubscribe` does).
 */
export function idempotentHandler(sdk: A2aServerSdk, inner: A2ARequestHandler, store: TaskStore, checkPushUrl?: (url: string) => string | undefined): A2ARequestHandler {
  const { TaskState } = sdk.main;
  const settled = new Set<number>([
    TaskState.TASK_STATE_COMPLETED, TaskState.TASK_STATE_FAILED, TaskState.TASK_STATE_CANCELED, TaskState.TASK_STATE_REJECTED,
    TaskState.TASK_STATE_INPUT_REQUIRED, TaskState.TASK_STATE_AUTH_REQUIRED,
  ]);
  // Sends between "task made" and "message in its history" (in this process): a retry then is a retry too.
  const pending = new Map<string, Promise<void>>();

  type Prepared = { kind: 'run'; params: SendMessageRequest; done: () => void } | { kind: 'retry'; taskId: string } | { kind: 'pass' };

  async function prepare(params: SendMessageRequest, context: ServerCallContext): Promise<Prepared> {
    const message = params.message;
    if (!message?.messageId) return { kind: 'pass' }; // the SDK refuses it with its own error
    const taskId = message.taskId || taskIdForMessage(message.messageId);
    if (!isTaskId(taskId)) throw new sdk.errors.RequestMalformedError('message.taskId must be 1-120 characters of A-Z a-z 0-9 . _ - (starting with a letter or digit)');
    // Refused before a task is made, so a refused webhook leaves no task behind.
    const hook = params.configuration?.taskPushNotificationConfig?.url;
    const refused = hook !== undefined && checkPushUrl ? checkPushUrl(hook) : undefined;
    if (refused) throw new sdk.errors.RequestMalformedError(refused);
    const key = `${taskId}\n${message.messageId}`;
    const inFlight = pending.get(key);
    if (inFlight) {
      await inFlight;
      return { kind: 'retry', taskId };
    }
    let done!: () => void;
    pending.set(key, new Promise<void>((resolve) => (done = resolve)));
    const finish = (): void => {
      pending.delete(key);
      done();
    };
    try {
      const existing = await store.load(taskId, context);
      if (existing?.history.some((m) => m.messageId === message.messageId)) {
        finish();
        return { kind: 'retry', taskId };
      }
      if (!existing) {
        await store.save(
          {
            id: taskId,
            contextId: message.contextId || randomUUID(),
            status: { state: TaskState.TASK_STATE_SUBMITTED, message: undefined, timestamp: new Date().toISOString() },
            artifacts: [],
            history: [],
            metadata: undefined,
          },
          context,
        );
      }
      return { kind: 'run', params: { ...params, message: { ...message, taskId } }, done: finish };
    } catch (error) {
      finish();
      throw error;
    }
  }

  async function current(taskId: string, context: ServerCallContext): Promise<Task> {
    const task = await store.load(taskId, context);
    if (!task) throw new sdk.errors.TaskNotFoundError(`Task not found: ${taskId}`);
    return task;
  }

  /** The task's events from now on, as `tasks/resubscribe`; a settled task is its one snapshot. */
  async function* follow(taskId: string, context: ServerCallContext): AsyncGenerator<StreamResponse, void, undefined> {
    const task = await current(taskId, context);
    if (task.status && settled.has(task.status.state)) {
      yield { payload: { $case: 'task', value: task } };
      return;
    }
    yield* inner.resubscribe({ tenant: '', id: taskId }, context);
  }

  return {
    getAgentCard: () => inner.getAgentCard(),
    getAuthenticatedExtendedAgentCard: (params, context) => inner.getAuthenticatedExtendedAgentCard(params, context),
    async sendMessage(params, context) {
      const prepared = await prepare(params, context);
      if (prepared.kind === 'pass') return inner.sendMessage(params, context);
      if (prepared.kind === 'retry') {
        if (params.configuration?.returnImmediately !== true) {
          for await (const _event of follow(prepared.taskId, context)) void _event;
        }
        return current(prepared.taskId, context);
      }
      try {
        return await inner.sendMessage(prepared.params, context);
      } finally {
        prepared.done();
      }
    },
    async *sendMessageStream(params, context) {
      const prepared = await prepare(params, context);
      if (prepared.kind === 'pass') return yield* inner.sendMessageStream(params, context);
      if (prepared.kind === 'retry') return yield* follow(prepared.taskId, context);
      try {
        for await (const event of inner.sendMessageStream(prepared.params, context)) {
          prepared.done();
          yield event;
        }
      } finally {
        prepared.done();
      }
    },
    getTask: (params, context) => inner.getTask(params, context),
    cancelTask: (params, context) => inner.cancelTask(params, context),
    createTaskPushNotificationConfig: (params, context) => inner.createTaskPushNotificationConfig(params, context),
    getTaskPushNotificationConfig: (params, context) => inner.getTaskPushNotificationConfig(params, context),
    listTaskPushNotificationConfigs: (params, context) => inner.listTaskPushNotificationConfigs(params, context),
    deleteTaskPushNotificationConfig: (params, context) => inner.deleteTaskPushNotificationConfig(params, context),
    resubscribe: (params, context) => inner.resubscribe(params, context),
    listTasks: (params, context) => inner.listTasks(params, context),
  };
}
