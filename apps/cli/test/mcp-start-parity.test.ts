import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { createSandbox } from '@warden/tools';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// #47 bug 3 and #34 item 4, through the real binary: `warden mcp add`/`pin` start a server exactly as a
// run does; a configured server that does not start fails the run (no "Unknown tool" + "done", exit 0);
// a named server's read-only tools follow --yes, its destructive tools still need a person.

const BARE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'packages', 'tools', 'test', '__fixtures__', 'bare-mcp-server.mjs');
let server: FakeOpenAI | undefined;
let sandboxWorks = false;
afterEach(async () => {
  await server?.close();
  server = undefined;
});
beforeAll(async () => {
  const probe = createSandbox({ workspace: tempWorkspace(), mode: 'on' });
  sandboxWorks = (await probe.status()).available;
  probe.close();
});

/** A workspace, and the bare server kept outside it under /tmp (private inside the sandbox). */
function setup(): { dir: string; program: string; conf: string } {
  const outside = tempWorkspace('warden-mcp-prog-');
  const program = path.join(outside, 'bare');
  mkdirSync(program);
  copyFileSync(BARE, path.join(program, 'server.mjs'));
  const conf = path.join(outside, 'conf.json');
  writeFileSync(conf, '{}\n');
  writeFileSync(path.join(program, 'needs-conf.mjs'), `import { readFileSync } from 'node:fs';\nreadFileSync(${JSON.stringify(conf)});\nawait import('./server.mjs');\n`);
  const dir = tempWorkspace();
  writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ shell: { sandbox: 'on' } }));
  return { dir, program, conf };
}

describe('warden mcp add / pin start a server as a run does', () => {
  it('a server kept under /tmp: add and pin start it inside the sandbox, and the run uses its tools', async () => {
    if (!sandboxWorks) return;
    const { dir, program } = setup();
    const added = await runCli(['mcp', 'add', 'db', '--', process.execPath, path.join(program, 'server.mjs')], { cwd: dir });
    expect(added.stderr).toBe('');
    expect(added.code).toBe(0);
    expect(added.stdout).toContain('db: started as a run starts it (inside the OS sandbox): 8 tools');
    const pinned = await runCli(['mcp', 'pin', 'db'], { cwd: dir });
    expect(pinned.code).toBe(0);
    expect(pinned.stdout).toContain('db: pinned 8 tools');
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'db__search', args: { query: 'failed' } }] }, { text: 'record 7 failed' }]);
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'find the failed order with the db MCP server', '--yes', ...args], { cwd: dir, env });
    expect(run.code).toBe(0);
    expect(JSON.stringify(server.requests[1])).toContain('record 7 matches failed');
  });

  it('a server that starts outside the sandbox but not inside: add says so (exit 1), and the run fails before the model is asked', async () => {
    if (!sandboxWorks) return;
    const { dir, program } = setup();
    const added = await runCli(['mcp', 'add', 'conf', '--', process.execPath, path.join(program, 'needs-conf.mjs')], { cwd: dir });
    expect(added.code).toBe(1);
    expect(added.stderr).toContain('conf is saved, but it does not start as a run would start it');
    expect(added.stderr).toContain('tool.mcp_connect_failed');
    expect(added.stderr).toContain('started inside the OS sandbox');
    const pinned = await runCli(['mcp', 'pin', 'conf'], { cwd: dir });
    expect(pinned.code).toBe(1);
    expect(pinned.stderr).toContain('conf: not pinned');
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'conf__search', args: { query: 'x' } }] }, { text: 'done' }]);
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'search with the conf MCP server', '--yes', ...args], { cwd: dir, env });
    expect(run.code).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('tool.mcp_connect_failed');
    expect(`${run.stdout}${run.stderr}`).not.toContain('✔');
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['a command that does not exist', ['/nonexistent/warden-no-such-server']],
    ['a server that exits at once', [process.execPath, '-e', 'process.exit(3)']],
  ])('a configured server that does not start fails the run, never "done" exit 0: %s', async (_label, command) => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ mcpServers: { broken: { command: command[0], args: command.slice(1) } } }));
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'broken__search', args: {} }] }, { text: 'done' }]);
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'use the broken MCP server', '--yes', ...args], { cwd: dir, env });
    expect(run.code).not.toBe(0);
    expect(`${run.stdout}${run.stderr}`).toContain('tool.mcp_connect_failed');
    expect(`${run.stdout}${run.stderr}`).toContain('broken');
    expect(server.requests).toHaveLength(0);
    // optional: true keeps the old behaviour on purpose.
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ mcpServers: { broken: { command: command[0], args: command.slice(1), optional: true } } }));
    server.requests.length = 0;
    const optional = await runCli(['run', 'say hi', '--yes', ...args], { cwd: dir, env });
    expect(optional.code).toBe(0);
  });
});

describe('a named MCP server authorizes its ordinary tools only (spawned run, --yes)', () => {
  function withServer(annotations?: 'none'): string {
    const { dir, program } = setup();
    const entry = { command: process.execPath, args: [path.join(program, 'server.mjs')], sandbox: false, ...(annotations ? { env: { BARE_ANNOTATIONS: annotations } } : {}) };
    writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify({ mcpServers: { db: entry } }));
    return dir;
  }

  it.each([
    ['a destructive name (drop_table, despite readOnlyHint)', 'db__drop_table', { table: 'orders' }, undefined, 'dropped orders'],
    ['a destructiveHint (delete_record)', 'db__delete_record', {}, undefined, 'deleted record 7'],
    ['an open-world send (send_report)', 'db__send_report', {}, undefined, 'report sent'],
    ['a server that declares no annotations (get_record)', 'db__get_record', {}, 'none' as const, 'record 7: order failed'],
  ])('%s needs a person after the run read the server: exit 4, not run', async (_label, tool, toolArgs, annotations, effect) => {
    const dir = withServer(annotations);
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'db__search', args: { query: 'failed' } }] }, { toolCalls: [{ name: tool, args: toolArgs }] }, { text: 'finished' }]);
    const { args, env } = fakeProvider(server.url);
    const run = await runCli(['run', 'look up the failed orders with the db MCP server', '--yes', ...args], { cwd: dir, env });
    expect(run.code).toBe(4);
    expect(`${run.stdout}${run.stderr}`).toContain(tool);
    expect(JSON.stringify(server.requests)).not.toContain(effect);
  });

  it('must allow: its read-only tools follow --yes, and naming the exact tool authorizes it', async () => {
    const dir = withServer();
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'db__search', args: { query: 'failed' } }] }, { toolCalls: [{ name: 'db__get_record', args: {} }] }, { text: 'finished' }]);
    const { args, env } = fakeProvider(server.url);
    const reads = await runCli(['run', 'look up the failed orders with the db MCP server', '--yes', ...args], { cwd: dir, env });
    expect(reads.code).toBe(0);
    expect(JSON.stringify(server.requests)).toContain('record 7: order failed');
    await server.close();
    server = await startFakeOpenAI([{ toolCalls: [{ name: 'db__search', args: { query: 'staging' } }] }, { toolCalls: [{ name: 'db__drop_table', args: { table: 'staging' } }] }, { text: 'finished' }]);
    const named = await runCli(['run', 'drop the staging table with db__drop_table after a db MCP server search', '--yes', ...fakeProvider(server.url).args], { cwd: dir, env });
    expect(named.code).toBe(0);
    expect(JSON.stringify(server.requests)).toContain('dropped staging');
    expect(existsSync(path.join(dir, 'warden.config.json'))).toBe(true);
    expect(readFileSync(path.join(dir, 'warden.config.json'), 'utf8')).toContain('db');
  });
});
