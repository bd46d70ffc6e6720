import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
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

async function stdioClient(dir: string, openai: FakeOpenAI): Promise<Client> {
  const provider = fakeProvider(openai.url);
  const env = cleanEnv(provider.env) as Record<string, string>;
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'serve', '--stdio', '--workdir', dir, ...provider.args], env, cwd: dir, stderr: 'pipe' });
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  await client.connect(transport);
  cleanup.push(() => client.close());
  return client;
}

function text(result: Awaited<ReturnType<Client['callTool']>>): string {
  return (result.content as Array<{ text: string }>)[0]!.text;
}

/** Starts `warden mcp serve --http 0 --json` and returns the URL it prints. */
async function httpServer(dir: string, openai: FakeOpenAI, key: string): Promise<{ url: string; child: ChildProcess }> {
  const provider = fakeProvider(openai.url);
  const child = spawn(process.execPath, [BIN, 'mcp', 'serve', '--http', '0', '--json', '--workdir', dir, ...provider.args], { cwd: dir, env: cleanEnv({ ...provider.env, WARDEN_MCP_KEY: key }), stdio: ['ignore', 'pipe', 'pipe'] });
  cleanup.push(
    () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGINT');
      }),
  );
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const lines = createInterface({ input: child.stdout });
  for await (const line of lines) {
    const event = JSON.parse(line) as { type: string; url: string };
    if (event.type === 'mcp_serve_listening') return { url: event.url, child };
  }
  throw new Error(`the server did not start: ${stderr}`);
}

async function httpClient(url: string, key?: string): Promise<Client> {
  const client = new Client({ name: 'cli-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), key ? { requestInit: { headers: { authorization: `Bearer ${key}` } } } : {}));
  cleanup.push(() => client.close());
  return client;
}

describe('warden mcp serve', () => {
  it('--stdio: a stock MCP client lists the agent, runs a task through the harness with progress, and continues the session', async () => {
    const dir = tempWorkspace();
    const openai = await fake([{ toolCalls: [{ name: 'list_files', args: { path: '.' } }] }, { text: 'Nothing here yet.' }, { text: 'You asked what was here.' }]);
    const client = await stdioClient(dir, openai);
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name)).toEqual(['warden']);
    const progress: string[] = [];
    const first = await client.callTool({ name: 'warden', arguments: { task: 'what is in this folder?' } }, undefined, { onprogress: (p) => progress.push(p.message ?? '') });
    expect(text(first)).toContain('Nothing here yet.');
    const out = first.structuredContent as { stopReason: string; sessionId: string; steps: number };
    expect(out).toMatchObject({ stopReason: 'done', steps: 2 });
    expect(progress.some((line) => line.startsWith('list_files: allow'))).toBe(true);
    expect(progress).toContain('run ended: done');
    const second = await client.callTool({ name: 'warden', arguments: { task: 'what did I ask?', sessionId: out.sessionId } });
    expect(text(second)).toContain('You asked what was here.');
    expect(JSON.stringify(openai.requests[2]!.messages)).toContain('what is in this folder?');
  });

  it('--stdio: a change that needs a person parks, the result says how to approve, and warden approvals sees it', async () => {
    const dir = tempWorkspace();
    const openai = await fake([{ toolCalls: [{ name: 'write_file', args: { path: 'notes.md', content: '# notes' } }] }, { text: 'written' }]);
    const client = await stdioClient(dir, openai);
    const result = await client.callTool({ name: 'warden', arguments: { task: 'create notes.md' } });
    const out = result.structuredContent as { stopReason: string; pendingApprovals: Array<{ id: string }> };
    expect(out.stopReason).toBe('approval');
    const id = out.pendingApprovals[0]!.id;
    expect(text(result)).toContain(`warden approvals approve ${id}`);
    const listed = await runCli(['approvals', 'list', '--json', '--workdir', dir], { cwd: dir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(id);
  });

  it('--http: needs its key; a second server process cannot be reached with another key or none', async () => {
    const dir = tempWorkspace();
    const openai = await fake([{ text: 'first server answers' }]);
    const keyA = 'key-a-0123456789abcdef0123';
    const keyB = 'key-b-0123456789abcdef0123';
    const a = await httpServer(dir, openai, keyA);
    const b = await httpServer(tempWorkspace(), openai, keyB);
    const client = await httpClient(a.url, keyA);
    expect(text(await client.callTool({ name: 'warden', arguments: { task: 'hello' } }))).toContain('first server answers');
    await expect(httpClient(b.url, keyA)).rejects.toThrow(/401|Unauthorized/);
    await expect(httpClient(b.url)).rejects.toThrow(/401|Unauthorized/);
    const withB = await httpClient(b.url, keyB);
    expect((await withB.listTools()).tools.map((t) => t.name)).toEqual(['warden']);
  });

  it('--http without a key refuses to start (exit 2), and unknown agents are named', async () => {
    const dir = tempWorkspace();
    const noKey = await runCli(['mcp', 'serve', '--http', '0', '--workdir', dir], { cwd: dir });
    expect(noKey.code).toBe(2);
    expect(noKey.stderr).toContain('WARDEN_MCP_KEY');
    const unknown = await runCli(['mcp', 'serve', '--agent', 'wardne', '--workdir', dir], { cwd: dir });
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('did you mean warden');
  });
});
