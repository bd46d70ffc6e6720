import { request as httpRequest } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@warden/harness';
import { createMcpServer, type RunningMcpHttp, type WardenMcpServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'server-key-0123456789abcdef';
const AGENT_KEY = 'agent-key-0123456789abcdef';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function serve(script: ScriptedTurn[], extra: { approver?: 'durable' | 'none'; http?: Partial<Parameters<WardenMcpServer['listen']>[0]> } = {}) {
  const dir = tempWorkspace();
  const provider = scriptedProvider(script);
  const harness: Harness = await createHarness({ workdir: dir, provider, env: {}, approver: extra.approver ?? 'durable' });
  const other: Harness = await createHarness({ workdir: dir, provider: scriptedProvider(['other']), env: {}, audit: false });
  const server = await createMcpServer({
    agents: [
      { name: 'coder', description: 'Edits the workspace.', harness },
      { name: 'helper', description: 'Answers questions.', harness: other, keys: [AGENT_KEY] },
    ],
  });
  const http: RunningMcpHttp = await server.listen({ port: 0, keys: [KEY], ...extra.http });
  cleanup.push(async () => {
    await server.close();
    await harness.close();
    await other.close();
  });
  return { dir, provider, harness, server, http };
}

async function connect(url: string, key: string | undefined): Promise<Client> {
  const client = new Client({ name: 'test-client', version: '1.0.0' });
  const transport = new StreamableHTTPClientTransport(new URL(url), key ? { requestInit: { headers: { authorization: `Bearer ${key}` } } } : {});
  await client.connect(transport);
  cleanup.push(() => client.close());
  return client;
}

function rawPost(url: string, body: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers } }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const INIT = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });

describe('createMcpServer over streamable HTTP (stateless), with the SDK client', () => {
  it('lists each agent as a tool and runs a call through the governed harness, with progress', async () => {
    const { http, provider } = await serve([{ toolCalls: [{ name: 'list_files', args: { path: '.' } }] }, 'The workspace is empty.']);
    const client = await connect(http.url, KEY);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['coder', 'helper']);
    const coder = tools.find((t) => t.name === 'coder')!;
    expect(coder.inputSchema).toMatchObject({ type: 'object', required: ['task'] });
    expect(coder.outputSchema).toMatchObject({ type: 'object' });
    const progress: string[] = [];
    const result = await client.callTool({ name: 'coder', arguments: { task: 'what is in the workspace?' } }, undefined, { onprogress: (p) => progress.push(p.message ?? '') });
    expect(result.isError).toBeFalsy();
    expect((result.content as Array<{ text: string }>)[0]!.text).toContain('The workspace is empty.');
    expect(result.structuredContent).toMatchObject({ agent: 'coder', stopReason: 'done', steps: 2, refusals: [], pendingApprovals: [] });
    expect((result.structuredContent as { sessionId?: string }).sessionId).toBeTruthy();
    expect(progress.some((line) => line.startsWith('list_files: allow'))).toBe(true);
    expect(progress).toContain('list_files: ok');
    expect(progress.some((line) => line.startsWith('step '))).toBe(true);
    expect(progress.at(-1)).toBe('run ended: done');
    expect(provider.requests).toHaveLength(2);
  });

  it('continues a conversation when the call names its sessionId', async () => {
    const { http, provider } = await serve(['Noted: the colour is teal.', 'You said teal.']);
    const client = await connect(http.url, KEY);
    const first = await client.callTool({ name: 'coder', arguments: { task: 'remember: the colour is teal' } });
    const sessionId = (first.structuredContent as { sessionId: string }).sessionId;
    const second = await client.callTool({ name: 'coder', arguments: { task: 'which colour did I say?', sessionId } });
    expect((second.content as Array<{ text: string }>)[0]!.text).toContain('You said teal.');
    expect((second.structuredContent as { sessionId: string }).sessionId).toBe(sessionId);
    const sent = JSON.stringify(provider.requests[1]!.messages);
    expect(sent).toContain('remember: the colour is teal');
    expect(sent).toContain('Noted: the colour is teal.');
  });

  it('parks a call that needs approval and says how a person approves it', async () => {
    const { http, harness } = await serve([{ toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'hi' } }] }, 'written']);
    const client = await connect(http.url, KEY);
    const result = await client.callTool({ name: 'coder', arguments: { task: 'write notes.txt' } });
    const out = result.structuredContent as { stopReason: string; pendingApprovals: Array<{ id: string; tool: string }> };
    expect(out.stopReason).toBe('approval');
    expect(out.pendingApprovals).toHaveLength(1);
    const id = out.pendingApprovals[0]!.id;
    expect(out.pendingApprovals[0]!.tool).toBe('write_file');
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain(`warden approvals approve ${id}`);
    expect(text).toContain(`warden approvals resume ${id}`);
    const pending = await harness.approvals!.pending({ limit: 10 });
    expect(pending.map((p) => p.request.id)).toContain(id);
  });

  it('refuses bad input with a clear tool error', async () => {
    const { http } = await serve(['unused']);
    const client = await connect(http.url, KEY);
    const result = await client.callTool({ name: 'coder', arguments: { task: '', sessionId: '../etc' } });
    expect(result.isError).toBe(true);
    const text = (result.content as Array<{ text: string }>)[0]!.text;
    expect(text).toContain('task: task is empty');
    expect(text).toContain('sessionId:');
    const missing = await client.callTool({ name: 'coder', arguments: { task: 'go on', sessionId: 'no-such-session' } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ stopReason: 'error', error: { code: 'session.not_found' } });
  });

  it('rejects a missing or wrong key, and an agent key reaches only its agent', async () => {
    const { http } = await serve(['unused']);
    await expect(connect(http.url, undefined)).rejects.toThrow(/401|Unauthorized/);
    await expect(connect(http.url, 'wrong-key-0123456789abcdef')).rejects.toThrow(/401|Unauthorized/);
    const raw = await rawPost(http.url, INIT, { authorization: `Bearer ${KEY.slice(0, -1)}` });
    expect(raw.status).toBe(401);
    expect(raw.body).not.toContain(KEY.slice(0, -1));
    const limited = await connect(http.url, AGENT_KEY);
    const { tools } = await limited.listTools();
    expect(tools.map((t) => t.name)).toEqual(['helper']);
    await expect(limited.callTool({ name: 'coder', arguments: { task: 'x' } })).rejects.toThrow(/unknown tool: coder/);
  });

  it('rejects a foreign Origin and Host (DNS rebinding) and an oversize body', async () => {
    const { http } = await serve(['unused'], { http: { maxBodyBytes: 4096 } });
    const origin = await rawPost(http.url, INIT, { authorization: `Bearer ${KEY}`, origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    expect(origin.body).toContain('Origin not allowed');
    const host = await rawPost(http.url, INIT, { authorization: `Bearer ${KEY}`, host: `evil.example:${http.port}` });
    expect(host.status).toBe(403);
    const ok = await rawPost(http.url, INIT, { authorization: `Bearer ${KEY}`, origin: `http://127.0.0.1:${http.port}` });
    expect(ok.status).toBe(200);
    const big = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'coder', arguments: { task: 'x'.repeat(8000) } } });
    const tooLarge = await rawPost(http.url, big, { authorization: `Bearer ${KEY}` });
    expect(tooLarge.status).toBe(413);
    expect(JSON.parse(tooLarge.body)).toMatchObject({ error: { code: -32000 } });
  });

  it('answers 429 when the concurrent request limit is reached', async () => {
    const { http } = await serve([{ text: 'slow answer', delayMs: 1500 }], { http: { maxConcurrentRequests: 1 } });
    const client = await connect(http.url, KEY);
    const slow = client.callTool({ name: 'coder', arguments: { task: 'take your time' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = await rawPost(http.url, INIT, { authorization: `Bearer ${KEY}` });
    expect(busy.status).toBe(429);
    expect(JSON.parse(busy.body)).toMatchObject({ error: { code: -32000 } });
    expect(((await slow).content as Array<{ text: string }>)[0]!.text).toContain('slow answer');
  });

  it('a client that goes away (its connection closes) aborts its run and frees its slot', async () => {
    const dir = tempWorkspace();
    const harness = await createHarness({ workdir: dir, provider: scriptedProvider([{ text: 'too slow', delayMs: 20_000 }, 'second answer']), env: {}, audit: false, approver: 'durable' });
    const server = await createMcpServer({ agents: [{ name: 'coder', description: 'd', harness }], maxConcurrentRuns: 1 });
    const http = await server.listen({ port: 0, keys: [KEY] });
    cleanup.push(async () => {
      await server.close();
      await harness.close();
    });
    const target = new URL(http.url);
    const call = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'coder', arguments: { task: 'slow one' } } });
    const gone = httpRequest({ host: target.hostname, port: target.port, path: target.pathname, method: 'POST', headers: { authorization: `Bearer ${KEY}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
    gone.on('error', () => undefined);
    gone.end(call);
    const client = await connect(http.url, KEY);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const busy = await client.callTool({ name: 'coder', arguments: { task: 'meanwhile' } });
    expect(busy.structuredContent).toMatchObject({ stopReason: 'rejected', error: { code: 'mcp.busy' } });
    gone.destroy();
    const started = Date.now();
    let second = busy;
    for (let i = 0; i < 50 && (second.structuredContent as { stopReason: string }).stopReason === 'rejected'; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      second = await client.callTool({ name: 'coder', arguments: { task: 'fast one' } });
    }
    expect((second.content as Array<{ text: string }>)[0]!.text).toContain('second answer');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('will not start without a key, and refuses a person approver', async () => {
    const dir = tempWorkspace();
    const harness = await createHarness({ workdir: dir, provider: scriptedProvider(['x']), env: {}, audit: false });
    cleanup.push(() => harness.close());
    const server = await createMcpServer({ agents: [{ name: 'a', description: 'd', harness }] });
    cleanup.push(() => server.close());
    await expect(server.listen({ port: 0 })).rejects.toMatchObject({ code: 'config.invalid' });
    const person = await harness.with({ approver: { specificationVersion: 'v1', kind: 'person', approve: async () => ({ outcome: 'approved' }) } });
    await expect(createMcpServer({ agents: [{ name: 'a', description: 'd', harness: person }] })).rejects.toMatchObject({ code: 'config.invalid' });
  });
});
