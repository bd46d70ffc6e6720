import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TAINT_RULE, requiresPerson } from '@warden/protocol/policy';
import type { GateCall, GateContext, ToolAnnotations } from '@warden/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { createGate } from './create-gate.js';
import { taskScope } from '../scope/task-scope.js';

// Issue 34 item 4: naming an MCP server authorizes its tools' ordinary effects, not every tool it has.
const workspace = mkdtempSync(join(tmpdir(), 'warden-named-server-'));
writeFileSync(join(workspace, 'README.md'), 'x\n');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

const yolo = createGate({ workspace, mode: 'yolo' });
const safe = createGate({ workspace, mode: 'safe' });
/** As @warden/tools marks a tool of an untrusted server: pessimistic flags, the server's hints in tags. */
const mcp = (...hints: string[]): ToolAnnotations => ({ openWorld: true, mutating: true, destructive: true, tags: ['mcp', ...hints] });
const READ_ONLY = mcp('mcp-hint:readOnly=true');
const call = (name: string, annotations: ToolAnnotations, args: GateCall['args'] = {}): GateCall => ({ id: 'c', name, args, annotations });
const tainted = (task: string): GateContext => ({
  runId: 'r',
  step: 2,
  tainted: true,
  taintSources: [{ source: 'mcp:db', reason: 'the tool descriptions of the untrusted MCP server db are in the model\'s context' }],
  touchedPaths: new Set<string>(),
  scope: taskScope(task, { workspace, toolServers: ['db', 'mail', 'tracker'] }),
});
const SERVER_TASK = 'look up the failing orders with the db MCP server and fix README.md';

describe('a named MCP server after untrusted content', () => {
  it.each([
    ['a destructive name despite a read-only hint', call('db__drop_table', READ_ONLY, { table: 'orders' }), 'destructive'],
    ['a delete by name', call('db__delete_rows', READ_ONLY, { where: '1=1' }), 'destructive'],
    ['a truncate in camelCase', call('db__truncateTable', READ_ONLY), 'destructive'],
    ['a kill', call('db__kill_query', READ_ONLY, { pid: 1 }), 'destructive'],
    ['a reset', call('db__reset', READ_ONLY), 'destructive'],
    ['a destructiveHint', call('db__update_rows', mcp('mcp-hint:readOnly=false', 'mcp-hint:destructive=true')), 'destructive'],
    ['a server that declares no annotations', call('db__run', mcp('mcp-hints:none')), 'destructive'],
    ['a tool without readOnlyHint', call('db__annotate', mcp('mcp-hint:openWorld=false')), 'destructive'],
    ['an openWorldHint write', call('db__create_export', mcp('mcp-hint:readOnly=false', 'mcp-hint:destructive=false', 'mcp-hint:openWorld=true')), 'egress'],
    ['a send by name', call('db__send_report', READ_ONLY, { to: 'x@example.net' }), 'egress'],
    ['a publish by name', call('db__publish_snapshot', READ_ONLY), 'egress'],
    ['a schedule by name', call('db__schedule_job', READ_ONLY, { cron: '* * * * *' }), 'runs-later'],
  ])('needs a person for %s, in yolo and safe', async (_label, c, effect) => {
    const decision = await yolo.decide(c, tainted(SERVER_TASK));
    expect(decision).toMatchObject({ effect: 'ask', rule: TAINT_RULE, requiresPerson: true, params: { because: 'named_server_effect', tool: c.name, effect } });
    expect(decision.reason).toContain('naming the server authorizes its ordinary tools only');
    expect(requiresPerson(await safe.decide(c, tainted(SERVER_TASK)))).toBe(true);
  });

  it.each([
    ['search', call('db__search', READ_ONLY, { query: 'failed' })],
    ['get_order', call('db__get_order', READ_ONLY, { id: 7 })],
    ['list_tables', call('db__list_tables', READ_ONLY)],
    ['a closed-world, non-destructive append', call('db__append_note', mcp('mcp-hint:readOnly=false', 'mcp-hint:destructive=false', 'mcp-hint:openWorld=false'), { text: 'x' })],
  ])('must allow: a read-only tool of the named server follows the mode (%s)', async (_label, c) => {
    const decision = await yolo.decide(c, tainted(SERVER_TASK));
    expect(decision).toMatchObject({ effect: 'allow', provenance: { scopeEntry: 'task:db__*' } });
    const asked = await safe.decide(c, tainted(SERVER_TASK));
    expect(asked).toMatchObject({ effect: 'ask', rule: 'mode.safe' });
    expect(requiresPerson(asked)).toBe(false);
  });

  it.each([
    ['db__drop_table', 'drop the staging table with db__drop_table', call('db__drop_table', READ_ONLY, { table: 'staging' })],
    ['mail__send_email', 'email the summary to the team with mail__send_email', call('mail__send_email', mcp('mcp-hints:none'), { recipient: 'team@example.com', body: 'summary' })],
    ['db__schedule_job', 'set the nightly vacuum with db__schedule_job', call('db__schedule_job', READ_ONLY)],
  ])('naming the exact tool %s authorizes its effect: the mode decides', async (_name, task, c) => {
    const decision = await yolo.decide(c, tainted(task));
    expect(decision).toMatchObject({ effect: 'allow', provenance: { scopeEntry: `task:${c.name}` } });
    expect(requiresPerson(await safe.decide(c, tainted(task)))).toBe(false);
  });

  it('naming one exact tool does not authorize its destructive siblings', async () => {
    const decision = await yolo.decide(call('db__drop_table', READ_ONLY), tainted('count the orders with db__search'));
    expect(decision).toMatchObject({ effect: 'ask', requiresPerson: true });
  });

  it('a config glob (`db__*`) authorizes ordinary tools only, like a task naming the server', async () => {
    const ctx: GateContext = { ...tainted('fix README.md'), scope: taskScope('fix README.md', { workspace, tools: ['db__*'] }) };
    expect(await yolo.decide(call('db__search', READ_ONLY), ctx)).toMatchObject({ effect: 'allow', provenance: { scopeEntry: 'config:db__*' } });
    expect(await yolo.decide(call('db__drop_table', READ_ONLY), ctx)).toMatchObject({ effect: 'ask', requiresPerson: true, params: { because: 'named_server_effect' } });
  });

  it('before untrusted content the mode decides as before', async () => {
    const decision = await yolo.decide(call('db__drop_table', READ_ONLY), { ...tainted(SERVER_TASK), tainted: false });
    expect(requiresPerson(decision)).toBe(false);
  });
});
