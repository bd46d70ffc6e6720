import { createHmac } from 'node:crypto';
import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { SendMessageRequest, TaskState, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import type { ToolV1 } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@warden/harness';
import { createA2AServer, type A2aServerOptions, type RunningA2aHttp, type WardenA2aServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'a2a-scale-key-0123456789abcdef';
const PUSH_KEY = 'push-signing-key-0123456789abcdef-0123';
const auth = { serviceParameters: { authorization: `Bearer ${KEY}` } };

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

function waitingTool(): { tool: ToolV1; started: Promise<void> } {
  let markStarted!: () => void;
  const started = new Promise<void>((resolve) => (markStarted = resolve));
  const tool: ToolV1 = {
    specificationVersion: 'v1',
    name: 'wait_for_cancel',
    description: 'Waits until the run is cancelled.',
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnly: true },
    execute: (_args, ctx) =>
      new Promise((resolve) => {
        markStarted();
        ctx.signal.addEventListener('abort', () => resolve('stopped'), { once: true });
      }),
  };
  return { tool, started };
}

interface Served {
  provider: ReturnType<typeof scriptedProvider>;
  harness: Harness;
  server: WardenA2aServer;
  http: RunningA2aHttp;
  client: Client;
}

async function serve(script: ScriptedTurn[], options: { tools?: ToolV1[]; sessions?: string; server?: Partial<A2aServerOptions>; workdir?: string } = {}): Promise<Served> {
  const dir = options.workdir ?? tempWorkspace();
  const provider = scriptedProvider(script);
  const harness = await createHarness({
    workdir: dir, provider, env: {}, approver: 'durable', owner: { userId: 'a2a:coder' }, audit: false,
    ...(options.tools ? { tools: options.tools } : {}), ...(options.sessions ? { sessions: options.sessions } : {}),
  });
  const server = await createA2AServer({ agents: [{ name: 'coder', description: 'Edits the workspace.', harness }], ...options.server });
  const http = await server.listen({ port: 0, keys: [KEY] });
  let closed = false;
  const close = async (): Promise<void> => {
    if (closed) return;
    closed = true;
    await server.close();
    await harness.close();
  };
  cleanup.push(close);
  const client = await new ClientFactory().createFromUrl(http.agentUrls.coder!);
  return { provider, harness, server, http, client };
}

function send(text: string, ids: { messageId?: string; taskId?: string; contextId?: string } = {}, configuration?: Record<string, unknown>): SendMessageRequest {
  return SendMessageRequest.fromJSON({
    message: { messageId: ids.messageId ?? crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...(ids.taskId ? { taskId: ids.taskId } : {}), ...(ids.contextId ? { contextId: ids.contextId } : {}) },
    ...(configuration ? { configuration } : {}),
  });
}

function rawPost(url: string, body: string): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${KEY}` } },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function until<T>(probe: () => Promise<T | undefined>, what: string): Promise<T> {
  for (let i = 0; i < 500; i++) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const textOf = (task: Task | undefined): string => (task?.artifacts[0]?.parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');

describe('A2A at scale: idempotent sends', () => {
  it('runs a task under the caller\'s task id once: a retried send (same messageId) gets the task, not a second run', async () => {
    const { client, provider } = await serve(['first answer', 'second answer', 'third answer']);
    const first = (await client.sendMessage(send('hello', { messageId: 'msg-1', taskId: 'order-42' }), auth)) as Task;
    expect(first.id).toBe('order-42');
    expect(first.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(first)).toContain('first answer');
    const retried = (await client.sendMessage(send('hello', { messageId: 'msg-1', taskId: 'order-42' }), auth)) as Task;
    expect(retried.id).toBe('order-42');
    expect(textOf(retried)).toContain('first answer');
    expect(provider.requests).toHaveLength(1);
    // Without a task id the task is derived from the messageId: a retry (even two at once) runs once too.
    const [a, b] = (await Promise.all([client.sendMessage(send('again', { messageId: 'msg-2' }), auth), client.sendMessage(send('again', { messageId: 'msg-2' }), auth)])) as Task[];
    expect(a!.id).toBe(b!.id);
    expect(textOf(a)).toContain('second answer');
    expect(textOf(b)).toContain('second answer');
    expect(provider.requests).toHaveLength(2);
    const history = (await client.getTask({ tenant: '', id: a!.id }, auth)).history;
    expect(history.filter((m) => m.messageId === 'msg-2')).toHaveLength(1);
    // A streaming retry follows the same task and runs nothing.
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(send('hello', { messageId: 'msg-1', taskId: 'order-42' }), auth)) events.push(event);
    expect(events[0]?.payload?.$case === 'task' && events[0].payload.value.id).toBe('order-42');
    expect(provider.requests).toHaveLength(2);
    // An id that cannot name a task is refused, not run.
    await expect(client.sendMessage(send('x', { taskId: '../etc' }), auth)).rejects.toThrow(/taskId/);
    expect(provider.requests).toHaveLength(2);
  });
});

describe('A2A at scale: the queue', () => {
  it('queues beyond maxConcurrentRuns up to maxQueue, then answers 429 with Retry-After; the queued task runs when a slot frees', async () => {
    const { tool, started } = waitingTool();
    const { client, http, provider } = await serve([{ toolCalls: [{ name: 'wait_for_cancel', args: {} }] }, 'queued one done'], {
      tools: [tool],
      server: { maxConcurrentRuns: 1, maxQueue: 1, retryAfterSeconds: 7 },
    });
    const stream = client.sendMessageStream(send('hold the slot'), auth);
    const head = await stream.next();
    const holder = head.value?.payload?.$case === 'task' ? head.value.payload.value : undefined;
    const drained = (async () => {
      for await (const _event of stream) void _event;
    })();
    await started;
    const queued = (await client.sendMessage(send('wait your turn', {}, { returnImmediately: true }), auth)) as Task;
    expect(queued.status?.state).toBe(TaskState.TASK_STATE_SUBMITTED);
    const health = (await (await fetch(`${http.url}/healthz`)).json()) as Record<string, number>;
    expect(health).toMatchObject({ running: 1, queued: 1, maxConcurrentRuns: 1, maxQueue: 1 });
    const refused = await rawPost(http.agentUrls.coder!, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(send('one too many')) }));
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('7');
    expect(provider.requests).toHaveLength(1);
    await client.cancelTask({ tenant: '', id: holder!.id, metadata: undefined }, auth);
    await drained;
    const done = await until(async () => {
      const task = await client.getTask({ tenant: '', id: queued.id }, auth);
      return task.status?.state === TaskState.TASK_STATE_COMPLETED ? task : undefined;
    }, 'the queued task to complete');
    expect(textOf(done)).toContain('queued one done');
  });
});

describe('A2A at scale: tasks/resubscribe', () => {
  it('a caller that lost its stream resubscribes to the running task and sees it end', async () => {
    const { tool, started } = waitingTool();
    const { client } = await serve([{ toolCalls: [{ name: 'wait_for_cancel', args: {} }] }, 'never'], { tools: [tool] });
    const stream = client.sendMessageStream(send('wait'), auth);
    const head = await stream.next();
    const task = head.value?.payload?.$case === 'task' ? head.value.payload.value : undefined;
    await started;
    await stream.return(undefined); // the first stream is gone; the task is not
    const again = client.resubscribeTask({ tenant: '', id: task!.id }, auth);
    const first = await again.next();
    expect(first.value?.payload?.$case).toBe('task');
    const rest = (async () => {
      const states: number[] = [];
      for await (const event of again) if (event.payload?.$case === 'statusUpdate') states.push(event.payload.value.status!.state);
      return states;
    })();
    await client.cancelTask({ tenant: '', id: task!.id, metadata: undefined }, auth);
    expect((await rest).at(-1)).toBe(TaskState.TASK_STATE_CANCELED);
  });
});

describe('A2A at scale: push notifications', () => {
  it('posts each task event to the webhook, HMAC-signed, retrying a 5xx with backoff and never a 4xx; the key is never sent', async () => {
    const hits: Array<{ path: string; headers: IncomingHttpHeaders; body: string }> = [];
    let failFirst = 2;
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        hits.push({ path: req.url ?? '', headers: req.headers, body });
        if (req.url === '/hooks/flaky' && failFirst > 0) {
          failFirst -= 1;
          return void res.writeHead(503).end();
        }
        res.writeHead(req.url === '/hooks/gone' ? 410 : 200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/`;
    const { client } = await serve(['pushed answer', 'second'], { server: { push: { signingKey: PUSH_KEY, allowedUrlPrefixes: [hooks], backoffMs: 20, maxAttempts: 4 } } });
    const card = await client.getAgentCard();
    expect(card.capabilities?.pushNotifications).toBe(true);
    const pushConfig = (url: string) => ({ taskPushNotificationConfig: { url, authentication: { scheme: 'Bearer', credentials: 'hook-token-123' } } });
    const task = (await client.sendMessage(send('push me', {}, pushConfig(`${hooks}flaky`)), auth)) as Task;
    const finalHit = await until(async () => hits.find((h) => h.path === '/hooks/flaky' && h.body.includes('TASK_STATE_COMPLETED')), 'the completed notification');
    const flaky = hits.filter((h) => h.path === '/hooks/flaky');
    // The first event was refused twice (503) and delivered on the third try, with one delivery id.
    expect(flaky.length).toBeGreaterThanOrEqual(4);
    expect(flaky[0]!.headers['x-warden-delivery']).toBe(flaky[2]!.headers['x-warden-delivery']);
    for (const hit of flaky) {
      const signature = String(hit.headers['x-warden-signature']);
      const t = /t=(\d+)/.exec(signature)![1]!;
      expect(signature).toBe(`t=${t},v1=${createHmac('sha256', PUSH_KEY).update(`${t}.${hit.body}`).digest('hex')}`);
      expect(hit.headers.authorization).toBe('Bearer hook-token-123');
      expect(JSON.stringify(hit)).not.toContain(PUSH_KEY);
    }
    expect(finalHit.body).toContain(task.id);
    // A 4xx is final: one attempt per event.
    await client.sendMessage(send('push again', {}, pushConfig(`${hooks}gone`)), auth);
    await until(async () => hits.find((h) => h.path === '/hooks/gone' && h.body.includes('TASK_STATE_COMPLETED')), 'the 410 webhook');
    await new Promise((resolve) => setTimeout(resolve, 150));
    const gone = hits.filter((h) => h.path === '/hooks/gone');
    expect(new Set(gone.map((h) => h.headers['x-warden-delivery'])).size).toBe(gone.length);
    // A webhook outside the allowed prefixes is refused.
    await expect(client.sendMessage(send('elsewhere', { taskId: 'refused-hook' }, pushConfig('http://127.0.0.1:1/elsewhere')), auth)).rejects.toThrow(/push notification URL/);
    await expect(client.sendMessage(send('sneaky', {}, pushConfig(`${hooks}../admin`)), auth)).rejects.toThrow(/push notification URL/);
    // Refused before any task was made.
    await expect(client.getTask({ tenant: '', id: 'refused-hook' }, auth)).rejects.toThrow(/not found/i);
  });
});

describe('A2A at scale: a persistent task store', () => {
  it('a server restarted on the same SQLite session store still answers tasks/get for its tasks', async () => {
    const workdir = tempWorkspace();
    const sessions = `sqlite:${path.join(workdir, 'sessions.db')}`;
    const first = await serve(['kept answer'], { sessions, workdir });
    const task = (await first.client.sendMessage(send('remember this', { taskId: 'persisted-1' }), auth)) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    await cleanup.pop()!();
    const second = await serve([], { sessions, workdir });
    const again = await second.client.getTask({ tenant: '', id: 'persisted-1' }, auth);
    expect(again.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(again)).toContain('kept answer');
    expect(again.history.map((m) => m.parts.map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join(''))).toContain('remember this');
    // And a retried send of that task's message is still recognised after the restart.
    const retried = (await second.client.sendMessage(send('remember this', { taskId: 'persisted-1', messageId: task.history[0]!.messageId }), auth)) as Task;
    expect(retried.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(second.provider.requests).toHaveLength(0);
    const listed = await second.client.listTasks({ tenant: '', contextId: '', status: 0, pageToken: '', statusTimestampAfter: undefined }, auth);
    expect(listed.tasks.map((t) => t.id)).toContain('persisted-1');
  });
});
