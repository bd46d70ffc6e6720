import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeToolOutput } from '@warden/protocol';
import { createSandbox, mcpTools, type McpToolSet, type Sandbox } from '../src/index.js';
import { tcpListener, type Listener } from './helpers/sandbox.js';
import { byName, tempDir, toolContext } from './helpers/workspace.js';

// Real bubblewrap and a real stdio MCP server built with the official SDK: a server started by
// Warden gets the shell's bounds (issue 25: every process the agent starts is sandboxed).

const SERVER = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__', 'probe-mcp-server.mjs');
const CHECKOUT = path.resolve(path.dirname(SERVER), '..', '..', '..', '..');
const temp = tempDir('warden-mcp-sbx-');
const workspace = path.join(temp.dir, 'ws');
const outside = path.join(temp.dir, 'outside');
const home = path.join(temp.dir, 'home');
let sandbox: Sandbox;
let set: McpToolSet;
let listener: Listener;
let available = false;

beforeAll(async () => {
  for (const dir of [workspace, outside, home]) mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(home, '.secret'), 'home-secret-7\n');
  listener = await tcpListener();
  // The fixture and the SDK it imports live in this checkout, which the sandbox hides when it is under
  // /tmp or home (a fresh CI clone): bind the checkout back, as a user would for a server kept there.
  sandbox = createSandbox({ workspace, mode: 'on', home, stateDir: temp.dir, writablePaths: [CHECKOUT] });
  available = (await sandbox.status()).available;
  set = await mcpTools({
    servers: {
      boxed: { command: process.execPath, args: [SERVER] },
      free: { command: process.execPath, args: [SERVER], cwd: workspace, sandbox: false },
    },
    sandbox,
    connectTimeoutMs: 30_000,
  });
}, 60_000);

afterAll(async () => {
  await set?.close();
  sandbox?.close();
  await listener?.close();
  temp.cleanup();
});

const call = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
  const { content } = normalizeToolOutput(await byName(set.tools, name).execute(args as never, toolContext()));
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
};

describe('stdio MCP servers inside the OS sandbox', () => {
  it('both servers connected (the sandboxed one through bwrap)', () => {
    if (!available) return expect(set.failures.map((f) => f.server)).toContain('boxed');
    expect(set.failures).toEqual([]);
    expect(set.tools.map((t) => t.name).sort()).toEqual(['boxed__dial', 'boxed__read', 'boxed__whoami', 'boxed__write', 'free__dial', 'free__read', 'free__whoami', 'free__write']);
  });

  it('a sandboxed server runs in the workspace, in its own PID namespace', async () => {
    if (!available) return;
    const [pid, cwd] = (await call('boxed__whoami')).split(' ');
    expect(cwd).toBe(workspace);
    // Inside a fresh PID namespace the server is one of the first processes (the host pid would be large).
    expect(Number(pid)).toBeLessThan(10);
  });

  it('cannot write outside the workspace, but can write inside it', async () => {
    if (!available) return;
    const target = path.join(outside, 'planted.txt');
    expect(await call('boxed__write', { path: target, text: 'x' })).toMatch(/^failed (EROFS|ENOENT|EACCES)/);
    expect(existsSync(target)).toBe(false);
    expect(await call('boxed__write', { path: path.join(workspace, 'made.txt'), text: 'inside' })).toBe('ok');
    expect(readFileSync(path.join(workspace, 'made.txt'), 'utf8')).toBe('inside');
  });

  it('cannot read the home folder, nor reach the network', async () => {
    if (!available) return;
    expect(await call('boxed__read', { path: path.join(home, '.secret') })).toMatch(/^failed ENOENT/);
    const before = listener.connections;
    expect(await call('boxed__dial', { port: listener.port })).toMatch(/^failed/);
    expect(listener.connections).toBe(before);
  });

  it('a server that opts out with sandbox: false runs without those bounds', async () => {
    if (!available) return;
    const target = path.join(outside, 'free.txt');
    expect(await call('free__write', { path: target, text: 'y' })).toBe('ok');
    expect(existsSync(target)).toBe(true);
    expect(await call('free__read', { path: path.join(home, '.secret') })).toBe('ok home-secret-7');
  });

  it("mode 'on' without a working sandbox starts no server at all", async () => {
    const broken = createSandbox({ workspace, mode: 'on', bwrapPath: path.join(temp.dir, 'no-bwrap'), stateDir: temp.dir });
    const refused = await mcpTools({ servers: { boxed: { command: process.execPath, args: [SERVER] } }, sandbox: broken, connectTimeoutMs: 10_000 });
    try {
      expect(refused.tools).toEqual([]);
      expect(refused.failures).toEqual([expect.objectContaining({ server: 'boxed', code: 'tool.mcp_connect_failed', message: expect.stringContaining('sandbox') })]);
      expect(refused.failures[0]?.message).toContain('sandbox: false');
    } finally {
      await refused.close();
      broken.close();
    }
  });

  it('a server that cannot start inside the sandbox says how to let it (allowedHosts or sandbox: false)', async () => {
    if (!available) return;
    const failing = await mcpTools({ servers: { needsnet: { command: process.execPath, args: ['-e', 'process.exit(3)'] } }, sandbox, connectTimeoutMs: 10_000 });
    try {
      expect(failing.failures[0]?.message).toContain('started inside the OS sandbox');
      expect(failing.failures[0]?.message).toContain('allowedHosts');
    } finally {
      await failing.close();
    }
  });
});
