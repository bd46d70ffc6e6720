import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { scriptedProvider } from '@warden/protocol/testing';
import { createSandbox } from '@warden/tools';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, startMcpServers, type HarnessOptions } from '../src/index.js';

// #47 bug 3: a server that connected at `warden mcp add`/`pin` (outside the sandbox) failed in the run
// (inside it) and vanished; the model got "Unknown tool" and the run ended "done". Now both start it the
// same way, and a run whose configured server does not start fails with a coded error.

const BARE = path.resolve(import.meta.dirname, '..', '..', 'tools', 'test', '__fixtures__', 'bare-mcp-server.mjs');
const root = mkdtempSync(path.join(tmpdir(), 'warden-mcp-start-'));
const workdir = path.join(root, 'ws');
const program = path.join(root, 'programs', 'bare');
const conf = path.join(root, 'conf', 'settings.json');
let sandboxWorks = false;

beforeAll(async () => {
  for (const dir of [workdir, program, path.dirname(conf)]) mkdirSync(dir, { recursive: true });
  copyFileSync(BARE, path.join(program, 'server.mjs'));
  writeFileSync(conf, '{}\n');
  // Reads a file outside its own folder before it starts: works outside the sandbox, not inside (/tmp is private there).
  writeFileSync(path.join(program, 'needs-conf.mjs'), `import { readFileSync } from 'node:fs';\nreadFileSync(${JSON.stringify(conf)});\nawait import('./server.mjs');\n`);
  const probe = createSandbox({ workspace: workdir, mode: 'on' });
  sandboxWorks = (await probe.status()).available;
  probe.close();
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const base = (mcpServers: HarnessOptions['mcpServers']): HarnessOptions => ({ workdir, provider: scriptedProvider(['ok']), env: {}, audit: false, shell: { sandbox: 'on' }, mcpServers });

describe('MCP servers start the same at add/pin as in a run', () => {
  it('a server kept outside the workspace (under /tmp) starts in both, inside the sandbox', async () => {
    if (!sandboxWorks) return;
    const options = base({ bare: { command: process.execPath, args: [path.join(program, 'server.mjs')] } });
    const started = await startMcpServers(options);
    try {
      expect(started.failures).toEqual([]);
      expect(started.sandboxed).toBe(true);
      expect(started.tools).toContain('bare__search');
      expect(Object.keys(started.fingerprints)).toContain('bare__drop_table');
    } finally {
      await started.close();
    }
    const harness = await createHarness(options);
    try {
      expect(harness.warnings.filter((w) => w.path.startsWith('mcpServers'))).toEqual([]);
    } finally {
      await harness.close();
    }
  });

  it('a server that fails inside the sandbox fails in both: startMcpServers reports it, the run does not start', async () => {
    if (!sandboxWorks) return;
    const options = base({ conf: { command: process.execPath, args: [path.join(program, 'needs-conf.mjs')] } });
    // Outside the sandbox it connects: exactly the server of the bug report.
    const outside = await startMcpServers({ ...options, shell: { sandbox: 'off' } });
    await outside.close();
    expect(outside.failures).toEqual([]);
    const started = await startMcpServers(options);
    await started.close();
    expect(started.failures).toEqual([expect.objectContaining({ server: 'conf', code: 'tool.mcp_connect_failed', message: expect.stringContaining('started inside the OS sandbox') })]);
    await expect(createHarness(options)).rejects.toMatchObject({ code: 'tool.mcp_connect_failed', message: expect.stringContaining('MCP server conf could not be connected'), hint: expect.stringContaining('warden mcp pin conf') });
  });

  it.each([
    ['a missing command', { command: '/nonexistent/warden-no-such-server' }],
    ['a server that exits at once', { command: process.execPath, args: ['-e', 'process.exit(3)'] }],
  ])('a run whose configured server does not start fails with tool.mcp_connect_failed: %s', async (_label, entry) => {
    await expect(createHarness({ ...base({ broken: entry }), shell: { sandbox: 'off' } })).rejects.toMatchObject({ code: 'tool.mcp_connect_failed', message: expect.stringContaining('broken') });
  });

  it('optional: true keeps a run going without the server, with a warning', async () => {
    const harness = await createHarness({ ...base({ broken: { command: '/nonexistent/warden-no-such-server', optional: true } }), shell: { sandbox: 'off' } });
    try {
      expect(harness.warnings.some((w) => w.path === 'mcpServers.broken' && w.message.includes('tool.mcp_connect_failed'))).toBe(true);
    } finally {
      await harness.close();
    }
  });

  it('ignorePins connects a pinned server whose tools changed, to take fresh fingerprints', async () => {
    const entry = { command: process.execPath, args: [path.join(program, 'server.mjs')], pins: { search: 'sha256:0000' } };
    const pinned = await startMcpServers({ ...base({ bare: entry }), shell: { sandbox: 'off' } });
    await pinned.close();
    expect(pinned.failures.some((f) => f.code === 'tool.mcp_tool_changed' && f.tool === 'bare__search')).toBe(true);
    const fresh = await startMcpServers({ ...base({ bare: entry }), shell: { sandbox: 'off' } }, { ignorePins: true });
    await fresh.close();
    expect(fresh.failures).toEqual([]);
    expect(fresh.fingerprints['bare__search']).toMatch(/^sha256:[0-9a-f]{64}$/);
    await expect(startMcpServers(base({}), { colour: 'red' } as never)).rejects.toMatchObject({ code: 'config.unknown_key' });
  });
});
