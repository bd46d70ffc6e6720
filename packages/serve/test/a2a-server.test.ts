import { Agent as HttpAgent, get as httpGet } from 'node:http';
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { Message, SendMessageRequest, TaskState, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import type { ToolV1 } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@warden/harness';
import { createA2AServer, type RunningA2aHttp } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'a2a-server-key-0123456789abcdef';
const AGENT_KEY = 'a2a-agent-key-0123456789abcdef';
const auth = (key: string) => ({ serviceParameters: { authorization: `Bearer ${key}` } });

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A tool that runs until its run is aborted, and says when it started. */
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

async function serve(script: ScriptedTurn[], extra: { tools?: ToolV1[] } = {}) {
  const dir = tempWorkspace();
  const provider = scriptedProvider(script);
  const harness: Harness = await createHarness({ workdir: dir, provider, env: {}, approver: 'durable', owner: { userId: 'a2a:coder' }, ...(extra.tools ? { tools: extra.tools } : {}) });
  const other: Harness = await createHarness({ workdir: dir, provider: scriptedProvider(['other answer']), env: {}, audit: false });
  const server = await createA2AServer({
    agents: [
      { name: 'coder', description: 'Edits the workspace.', harness },
      { name: 'helper', description: 'Answers questions.', harness: other, keys: [AGENT_KEY] },
    ],
  });
  const http: RunningA2aHttp = await server.listen({ port: 0, keys: [KEY] });
  cleanup.push(async () => {
    await server.close();
    await harness.close();
    await other.close();
  });
  return { dir, provider, harness, server, http };
}

async function clientFor(url: string): Promise<Client> {
  return new ClientFactory().createFromUrl(url);
}

function message(text: string, ids: { contextId?: string; taskId?: string } = {}): SendMessageRequest {
  return SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }], ...ids } });
}

function textOf(parts: Message['parts'] | undefined): string {
  return (parts ?? []).map((p) => (p.content?.$case === 'text' ? p.content.value : '')).join('');
}

function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'GET', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end();
  });
}

function rawPost(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', 'a2a-version': '1.0', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('createA2AServer with the stock @a2a-js/sdk client', () => {
  it('publishes a card per agent (and the first at the root) naming the JSON-RPC endpoint and bearer auth', async () => {
    const { http } = await serve(['unused']);
    const root = await rawGet(`${http.url}/.well-known/agent-card.json`);
    expect(root.status).toBe(200);
    const card = JSON.parse(root.body) as { name: string; supportedInterfaces: Array<{ url: string; protocolBinding: string }>; securitySchemes: Record<string, unknown>; capabilities: { streaming: boolean } };
    expect(card.name).toBe('coder');
    expect(card.supportedInterfaces[0]).toMatchObject({ url: http.agentUrls.coder, protocolBinding: 'JSONRPC' });
    expect(card.capabilities.streaming).toBe(true);
    expect(Object.keys(card.securitySchemes)).toEqual(['bearer']);
    const client = await clientFor(http.agentUrls.helper!);
    expect((await client.getAgentCard()).name).toBe('helper');
  });

  it('runs a message through the governed harness: the answer is an artifact of a completed task', async () => {
    const { http, provider, harness } = await serve([{ toolCalls: [{ name: 'list_files', args: { path: '.' } }] }, 'The workspace is empty.']);
    const client = await clientFor(http.agentUrls.coder!);
    const result = (await client.sendMessage(message('what is in the workspace?'), auth(KEY))) as Task;
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(textOf(result.artifacts[0]?.parts)).toContain('The workspace is empty.');
    expect(provider.requests).toHaveLength(2);
    const stored = await client.getTask({ tenant: '', id: result.id }, auth(KEY));
    expect(stored.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    // The run is in the harness's session store and its audit trail.
    const sessionId = `a2a-coder-${result.contextId}`;
    const session = await harness.store.load(sessionId, { userId: 'a2a:coder' });
    expect(JSON.stringify(session.records)).toContain('what is in the workspace?');
    const audit = readFileSync(harness.auditFile!, 'utf8');
    expect(audit).toContain(sessionId);
    expect(audit).toContain('list_files');
  });

  it('streams status updates and the answer artifact, ending completed', async () => {
    const { http } = await serve([{ toolCalls: [{ name: 'list_files', args: { path: '.' } }] }, 'Nothing here.']);
    const client = await clientFor(http.agentUrls.coder!);
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(message('look around'), auth(KEY))) events.push(event);
    const kinds = events.map((e) => e.payload?.$case);
    expect(kinds[0]).toBe('task');
    const statuses = events.flatMap((e) => (e.payload?.$case === 'statusUpdate' ? [e.payload.value] : []));
    expect(statuses.some((s) => textOf(s.status?.message?.parts).startsWith('list_files: allow'))).toBe(true);
    const artifact = events.find((e) => e.payload?.$case === 'artifactUpdate');
    expect(artifact?.payload?.$case === 'artifactUpdate' && textOf(artifact.payload.value.artifact?.parts)).toContain('Nothing here.');
    expect(statuses.at(-1)?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(kinds.indexOf('artifactUpdate')).toBeLessThan(kinds.lastIndexOf('statusUpdate'));
  });

  it('continues the conversation for the same contextId (one Warden session)', async () => {
    const { http, provider } = await serve(['Noted: the colour is teal.', 'You said teal.']);
    const client = await clientFor(http.agentUrls.coder!);
    const first = (await client.sendMessage(message('remember: the colour is teal'), auth(KEY))) as Task;
    const second = (await client.sendMessage(message('which colour did I say?', { contextId: first.contextId }), auth(KEY))) as Task;
    expect(second.contextId).toBe(first.contextId);
    expect(textOf(second.artifacts[0]?.parts)).toContain('You said teal.');
    const sent = JSON.stringify(provider.requests[1]!.messages);
    expect(sent).toContain('remember: the colour is teal');
    expect(sent).toContain('Noted: the colour is teal.');
  });

  it('parks what needs a person as a durable approval: the task ends input-required, naming warden approvals', async () => {
    const { http, harness } = await serve([{ toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'hi' } }] }, 'written']);
    const client = await clientFor(http.agentUrls.coder!);
    const task = (await client.sendMessage(message('write notes.txt'), auth(KEY))) as Task;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const pending = await harness.approvals!.pending({ limit: 10 });
    expect(pending).toHaveLength(1);
    const id = pending[0]!.request.id;
    const text = textOf(task.status?.message?.parts);
    expect(text).toContain(`warden approvals approve ${id}`);
    expect(task.metadata).toMatchObject({ warden: { stopReason: 'approval', sessionId: `a2a-coder-${task.contextId}`, pendingApprovals: [{ id, tool: 'write_file' }] } });
  });

  it('cancels a running task: tasks/cancel aborts the harness run', async () => {
    const { tool, started } = waitingTool();
    const { http, harness } = await serve([{ toolCalls: [{ name: 'wait_for_cancel', args: {} }] }, 'never reached'], { tools: [tool] });
    const client = await clientFor(http.agentUrls.coder!);
    const stream = client.sendMessageStream(message('wait'), auth(KEY));
    const first = await stream.next();
    const task = first.value?.payload?.$case === 'task' ? first.value.payload.value : undefined;
    expect(task).toBeDefined();
    const rest = (async () => {
      const seen: StreamResponse[] = [];
      for await (const event of stream) seen.push(event);
      return seen;
    })();
    await started;
    const canceled = await client.cancelTask({ tenant: '', id: task!.id, metadata: undefined }, auth(KEY));
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const seen = await rest;
    const last = seen.flatMap((e) => (e.payload?.$case === 'statusUpdate' ? [e.payload.value.status?.state] : [])).at(-1);
    expect(last).toBe(TaskState.TASK_STATE_CANCELED);
    await abortStored(harness, `a2a-coder-${task!.contextId}`);
  });

  it('GET /healthz reports the runs in progress and the limit (no key needed, nothing about tasks), 503 once closing', async () => {
    const { tool, started } = waitingTool();
    const { http, server } = await serve([{ toolCalls: [{ name: 'wait_for_cancel', args: {} }] }, 'never reached'], { tools: [tool] });
    const healthz = async () => {
      const res = await fetch(`${http.url}/healthz`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok', running: 0, maxConcurrentRuns: 4, queued: 0, maxQueue: 0 } });
    const client = await clientFor(http.agentUrls.coder!);
    const stream = client.sendMessageStream(message('wait'), auth(KEY));
    await stream.next();
    await started;
    expect(await healthz()).toEqual({ status: 200, body: { status: 'ok', running: 1, maxConcurrentRuns: 4, queued: 0, maxQueue: 0 } });
    expect((await fetch(`${http.url}/healthz`, { method: 'POST' })).status).not.toBe(200);
    // Closing aborts the run; a probe on a kept-alive connection while it drains says 503.
    const agent = new HttpAgent({ keepAlive: true, maxSockets: 1 });
    const probe = (): Promise<number> =>
      new Promise((resolve, reject) => {
        httpGet(`${http.url}/healthz`, { agent }, (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        }).on('error', reject);
      });
    expect(await probe()).toBe(200);
    const closing = server.close();
    expect(await probe()).toBe(503);
    await closing;
    agent.destroy();
    for await (const _event of stream) void _event;
  });

  it('refuses a call without a key, with a wrong key, or with another agent\'s key (401)', async () => {
    const { http, provider } = await serve(['unused']);
    const client = await clientFor(http.agentUrls.coder!);
    await expect(client.sendMessage(message('hi'))).rejects.toThrow(/Unauthorized/);
    await expect(client.sendMessage(message('hi'), auth('wrong-key-0123456789abcdef'))).rejects.toThrow(/Unauthorized/);
    await expect(client.sendMessage(message('hi'), auth(AGENT_KEY))).rejects.toThrow(/Unauthorized/);
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(message('hi')) });
    expect((await rawPost(http.agentUrls.coder!, body, {})).status).toBe(401);
    const wrong = await rawPost(http.agentUrls.coder!, body, { authorization: 'Bearer wrong-key-0123456789abcdef' });
    expect(wrong.status).toBe(401);
    expect(wrong.body).not.toContain('wrong-key');
    expect(provider.requests).toHaveLength(0);
    // The agent key reaches its own agent.
    const helper = await clientFor(http.agentUrls.helper!);
    const answer = (await helper.sendMessage(message('hi'), auth(AGENT_KEY))) as Task;
    expect(textOf(answer.artifacts[0]?.parts)).toContain('other answer');
  });

  it('checks Host and Origin (DNS rebinding) and answers unknown paths with 404', async () => {
    const { http } = await serve(['unused']);
    expect((await rawGet(`${http.url}/.well-known/agent-card.json`, { host: 'evil.example:80' })).status).toBe(403);
    expect((await rawGet(`${http.url}/.well-known/agent-card.json`, { origin: 'http://evil.example' })).status).toBe(403);
    expect((await rawGet(`${http.url}/a2a/nobody/.well-known/agent-card.json`)).status).toBe(404);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: { pad: 'x'.repeat(300 * 1024) } });
    expect((await rawPost(http.agentUrls.coder!, big, { authorization: `Bearer ${KEY}` })).status).toBe(413);
  });
});

/** Waits until the aborted run is stored as ended (its `run_end` is in the session). */
async function abortStored(harness: Harness, sessionId: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const session = await harness.store.load(sessionId, { userId: 'a2a:coder' });
    if (JSON.stringify(session.records).includes('aborted')) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`session ${sessionId} never recorded the abort`);
}
