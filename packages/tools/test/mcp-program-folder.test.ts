import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeToolOutput } from '@warden/protocol';
import { createSandbox, mcpTools, type McpToolSet, type Sandbox } from '../src/index.js';
import { mcpProgramPaths } from '../src/mcp-program-paths.js';
import { byName, tempDir, toolContext } from './helpers/workspace.js';

// #47 bug 3: a stdio server kept outside the workspace (here under /tmp, which the sandbox makes
// private) connected when started outside the sandbox and failed inside it. Its own program folder
// is now bound read-only, so it starts the same way in both — and gets nothing more.

const BARE = path.join(path.dirname(new URL(import.meta.url).pathname), '__fixtures__', 'bare-mcp-server.mjs');
const temp = tempDir('warden-mcp-prog-');
const workspace = path.join(temp.dir, 'ws');
const program = path.join(temp.dir, 'programs', 'bare');
const home = path.join(temp.dir, 'home');
const server = path.join(program, 'server.mjs');
let sandbox: Sandbox;
let set: McpToolSet;
let available = false;

beforeAll(async () => {
  for (const dir of [workspace, program, home, path.join(home, '.npm')]) mkdirSync(dir, { recursive: true });
  copyFileSync(BARE, server);
  writeFileSync(path.join(program, 'package.json'), '{"name":"bare","type":"module"}\n');
  writeFileSync(path.join(home, '.secret'), 'home-secret-9\n');
  sandbox = createSandbox({ workspace, mode: 'on', home, stateDir: temp.dir });
  available = (await sandbox.status()).available;
  set = await mcpTools({ servers: { bare: { command: process.execPath, args: [server] } }, sandbox, connectTimeoutMs: 30_000 });
}, 60_000);

afterAll(async () => {
  await set?.close();
  sandbox?.close();
  temp.cleanup();
});

const call = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
  const { content } = normalizeToolOutput(await byName(set.tools, name).execute(args as never, toolContext()));
  return content.map((p) => (p.type === 'text' ? p.text : '')).join('\n');
};

describe('a stdio server whose program lives outside the workspace, in the sandbox', () => {
  it('starts: its program folder is readable inside', async () => {
    if (!available) return;
    expect(set.failures).toEqual([]);
    const [pid, cwd] = (await call('bare__whoami')).split(' ');
    expect(cwd).toBe(workspace);
    expect(Number(pid)).toBeLessThan(10);
  });

  it('reads its program folder but cannot change it', async () => {
    if (!available) return;
    expect(await call('bare__read', { path: path.join(program, 'package.json') })).toContain('"bare"');
    expect(await call('bare__write', { path: path.join(program, 'planted.mjs'), text: 'x' })).toMatch(/^failed (EROFS|EACCES)/);
    expect(existsSync(path.join(program, 'planted.mjs'))).toBe(false);
  });

  it('gets nothing more: home stays hidden, other /tmp folders stay private', async () => {
    if (!available) return;
    expect(await call('bare__read', { path: path.join(home, '.secret') })).toMatch(/^failed ENOENT/);
    const sibling = path.join(temp.dir, 'programs', 'other.txt');
    writeFileSync(sibling, 'sibling\n');
    expect(await call('bare__read', { path: sibling })).toMatch(/^failed ENOENT/);
  });
});

describe('mcpProgramPaths', () => {
  it('names the package root of the command and of file arguments, and the launcher cache', () => {
    const paths = mcpProgramPaths(process.execPath, [server, '--verbose'], { cwd: workspace, home, pathVar: '' });
    expect(paths).toContain(program);
    expect(paths.length).toBeGreaterThanOrEqual(2); // the node binary's folder too
    expect(mcpProgramPaths('npx', ['-y', 'some-server'], { cwd: workspace, home, pathVar: '' })).toEqual([path.join(home, '.npm')]);
    expect(mcpProgramPaths('no-such-program', [], { cwd: workspace, home, pathVar: '/usr/bin' })).toEqual([]);
  });

  it('also names where a linked dependency really lives (a pnpm store outside the package)', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'warden-linked-'));
    try {
      const store = path.join(root, 'node_modules', '.pnpm', 'dep@1.0.0', 'node_modules', '@scope', 'dep');
      mkdirSync(store, { recursive: true });
      writeFileSync(path.join(store, 'index.js'), 'export {};\n');
      const pkg = path.join(root, 'apps', 'srv');
      mkdirSync(path.join(pkg, 'node_modules', '@scope'), { recursive: true });
      writeFileSync(path.join(pkg, 'package.json'), '{}');
      writeFileSync(path.join(pkg, 'server.mjs'), '');
      symlinkSync(store, path.join(pkg, 'node_modules', '@scope', 'dep'));
      const paths = mcpProgramPaths(process.execPath, [path.join(pkg, 'server.mjs')], { cwd: root, home, pathVar: '' });
      expect(paths).toContain(pkg);
      expect(paths).toContain(path.join(root, 'node_modules'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
