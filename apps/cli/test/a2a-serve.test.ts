import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { SendMessageRequest, TaskState, type Task } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { BIN, cleanEnv, runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

const cleanup: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function fake(script: Parameters<typeof startFakeOpenAI>[0]): Promise<FakeOpenAI> {
  const server = await startFakeOpenAI(script);
  cleanup.push(() => server.close());
  return server;
}

/** Starts `warden a2a serve --http 0 --json` and returns the agent URLs it prints. */
async function a2aServer(dir: string, openai: FakeOpenAI, key: string, extra: { args?: string[]; env?: Record<string, string>; stop?: (stop: () => Promise<void>) => void } = {}): Promise<Record<string, string>> {
  const provider = fakeProvider(openai.url);
  const child = spawn(process.execPath, [BIN, 'a2a', 'serve', '--http', '0', '--json', '--workdir', dir, ...provider.args, ...(extra.args ?? [])], {
    cwd: dir,
    env: cleanEnv({ ...provider.env, WARDEN_A2A_KEY: key, ...extra.env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGINT');
    });
  cleanup.push(stop);
  extra.stop?.(stop);
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  for await (const line of createInterface({ input: child.stdout })) {
    const event = JSON.parse(line) as { type: string; agents: Record<string, string> };
    if (event.type === 'a2a_serve_listening') return event.agents;
  }
  throw new Error(`the server did not start: ${stderr}`);
}

const send = (text: string) => SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] } });

describe('warden a2a serve', () => {
  it('a stock A2A client reads the card and runs a task through the harness; a change that needs a person ends input-required and warden approvals lists it', async () => {
    const dir = tempWorkspace();
    const key = 'a2a-cli-key-0123456789abcdef';
    const openai = await fake([{ text: 'Nothing here yet.' }, { toolCalls: [{ name: 'write_file', args: { path: 'notes.md', content: '# notes' } }] }, { text: 'written' }]);
    const agents = await a2aServer(dir, openai, key);
    const client = await new ClientFactory().createFromUrl(agents.warden!);
    expect((await client.getAgentCard()).name).toBe('warden');
    // The load balancer's probe: no key needed, counts only.
    const health = await fetch(new URL('/healthz', agents.warden));
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', running: 0 });
    const auth = { serviceParameters: { authorization: `Bearer ${key}` } };
    const done = (await client.sendMessage(send('what is in this folder?'), auth)) as Task;
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(JSON.stringify(done.artifacts)).toContain('Nothing here yet.');
    const parked = (await client.sendMessage(send('create notes.md'), auth)) as Task;
    expect(parked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const listed = await runCli(['approvals', 'list', '--json', '--workdir', dir], { cwd: dir });
    expect(listed.code).toBe(0);
    const id = /apr_[\w-]+/.exec(listed.stdout)?.[0];
    expect(id).toBeDefined();
    expect(JSON.stringify(parked.status?.message)).toContain(`warden approvals approve ${id}`);
    await expect(client.sendMessage(send('hi'))).rejects.toThrow(/Unauthorized/);
    await expect(client.sendMessage(send('hi'), { serviceParameters: { authorization: 'Bearer another-key-0123456789abcdef' } })).rejects.toThrow(/Unauthorized/);
  });

  it('--max-concurrent/--max-queue/--retry-after bound tasks (then 429 with Retry-After); --push-allow signs push notifications; a caller task id runs once per messageId; a restarted server still answers tasks/get', async () => {
    const dir = tempWorkspace();
    const key = 'a2a-cli-key-0123456789abcdef';
    const pushKey = 'a2a-cli-push-key-0123456789abcdef-0123';
    const hits: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
    const receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => (hits.push({ headers: req.headers, body }), res.writeHead(204).end()));
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    cleanup.push(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
    const hooks = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/`;
    const openai = await fake([{ text: 'slow answer', delayMs: 1500 }, { text: 'queued answer' }, { text: 'pushed answer' }]);
    let stop!: () => Promise<void>;
    const args = ['--max-concurrent', '1', '--max-queue', '1', '--retry-after', '9', '--push-allow', hooks];
    const agents = await a2aServer(dir, openai, key, { args, env: { WARDEN_A2A_PUSH_KEY: pushKey }, stop: (s) => (stop = s) });
    expect(await (await fetch(new URL('/healthz', agents.warden))).json()).toMatchObject({ maxConcurrentRuns: 1, maxQueue: 1 });
    const client = await new ClientFactory().createFromUrl(agents.warden!);
    const auth = { serviceParameters: { authorization: `Bearer ${key}` } };
    const later = (text: string) => SendMessageRequest.fromJSON({ message: { messageId: crypto.randomUUID(), role: 'ROLE_USER', parts: [{ text }] }, configuration: { returnImmediately: true } });
    await client.sendMessage(later('take your time'), auth);
    const queued = (await client.sendMessage(later('then me'), auth)) as Task;
    const refused = await fetch(agents.warden!, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', authorization: `Bearer ${key}` },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: SendMessageRequest.toJSON(send('one too many')) }),
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('9');
    for (let i = 0; i < 300 && (await client.getTask({ tenant: '', id: queued.id }, auth)).status?.state !== TaskState.TASK_STATE_COMPLETED; i++) await new Promise((r) => setTimeout(r, 20));
    expect(JSON.stringify((await client.getTask({ tenant: '', id: queued.id }, auth)).artifacts)).toContain('queued answer');
    // The caller's task id, with push notifications to its webhook, signed with the key.
    const mine = SendMessageRequest.fromJSON({ message: { messageId: 'cli-msg-1', taskId: 'cli-task-1', role: 'ROLE_USER', parts: [{ text: 'push it' }] }, configuration: { taskPushNotificationConfig: { url: `${hooks}done` } } });
    const done = (await client.sendMessage(mine, auth)) as Task;
    expect(done.id).toBe('cli-task-1');
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    for (let i = 0; i < 300 && !hits.some((h) => h.body.includes('TASK_STATE_COMPLETED')); i++) await new Promise((r) => setTimeout(r, 20));
    const hit = hits.find((h) => h.body.includes('TASK_STATE_COMPLETED'))!;
    const t = /t=(\d+)/.exec(String(hit.headers['x-warden-signature']))![1]!;
    expect(hit.headers['x-warden-signature']).toBe(`t=${t},v1=${createHmac('sha256', pushKey).update(`${t}.${hit.body}`).digest('hex')}`);
    expect(JSON.stringify(hits)).not.toContain(pushKey);
    // A retried send (same messageId) runs nothing.
    expect(openai.requests).toHaveLength(3);
    expect(((await client.sendMessage(mine, auth)) as Task).id).toBe('cli-task-1');
    expect(openai.requests).toHaveLength(3);
    // Restarted on the same workdir (its session store), the server still knows the task.
    await stop();
    const again = await a2aServer(dir, openai, key);
    const reread = await (await new ClientFactory().createFromUrl(again.warden!)).getTask({ tenant: '', id: 'cli-task-1' }, auth);
    expect(reread.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(JSON.stringify(reread.artifacts)).toContain('pushed answer');
  });

  it('refuses --push-allow without WARDEN_A2A_PUSH_KEY (exit 2)', async () => {
    const dir = tempWorkspace();
    const result = await runCli(['a2a', 'serve', '--http', '0', '--push-allow', 'https://hooks.example.com/a2a/', '--workdir', dir], { cwd: dir, env: { WARDEN_A2A_KEY: 'a2a-cli-key-0123456789abcdef' } });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('WARDEN_A2A_PUSH_KEY');
  });

  it('refuses to start without --http or without a key (exit 2)', async () => {
    const dir = tempWorkspace();
    const noPort = await runCli(['a2a', 'serve', '--workdir', dir], { cwd: dir });
    expect(noPort.code).toBe(2);
    const noKey = await runCli(['a2a', 'serve', '--http', '0', '--workdir', dir], { cwd: dir });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('WARDEN_A2A_KEY');
  });
});

describe('a2aAgents entries with handoffFrom / handoffTo (warden run calling a real warden a2a serve)', () => {
  const KEY = 'a2a-handoff-key-0123456789abcdef';

  /** A `warden run` whose model hands the work to the remote agent `drafts` once; returns what its tool answered. */
  async function handOver(entry: Record<string, unknown>): Promise<string> {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ a2aAgents: [{ name: 'drafts', keyEnv: 'DRAFTS_KEY', ...entry }] }));
    const handoff = { contextSummary: 'The bridge opened in 1932.', artifacts: ['notes/bridge.md'] };
    const openai = await fake([{ toolCalls: [{ name: 'drafts', args: { task: 'write the paragraph', handoff } }] }, { text: 'handed over' }]);
    const provider = fakeProvider(openai.url);
    const result = await runCli(['run', 'ask the drafts agent to write the paragraph', '--workdir', dir, '--yes', ...provider.args], { cwd: dir, env: { ...provider.env, DRAFTS_KEY: KEY } });
    expect(result.code).toBe(0);
    return JSON.stringify(openai.requests[1]?.messages);
  }

  it('handoffFrom is the `from` of the record sent and handoffTo its `to`; the server, serving that agent, accepts it', async () => {
    const served = await fake([{ text: 'Paragraph written.' }]);
    const agents = await a2aServer(tempWorkspace(), served, KEY);
    const answer = await handOver({ url: agents.warden!, handoffFrom: 'planner', handoffTo: 'warden' });
    expect(answer).toContain('Paragraph written.');
    expect(answer).toMatch(/\[handoff hof_[\w-]+: accepted\]/);
    // The served agent's model starts from the record: who handed it over, to whom, and what was done.
    const seen = JSON.stringify(served.requests[0]);
    expect(seen).toMatch(/\[Handoff hof_[\w-]+ from planner to warden\]/);
    expect(seen).toContain('The bridge opened in 1932.');
  });

  it('without handoffTo the record is addressed to the entry name: a server serving another agent rejects it, and no run starts', async () => {
    const served = await fake([{ text: 'must not run' }]);
    const agents = await a2aServer(tempWorkspace(), served, KEY);
    const answer = await handOver({ url: agents.warden! });
    expect(answer).toMatch(/\[handoff hof_[\w-]+: rejected \(handoff\.wrong_agent: the handoff is addressed to drafts, this is warden\)\]/);
    expect(served.requests).toHaveLength(0);
  });
});
