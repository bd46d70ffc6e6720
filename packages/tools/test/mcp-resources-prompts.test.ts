import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MCP_RESOURCE_UNTRUSTED_NOTE, mcpTools, type McpToolSet } from '../src/index.js';
import { REPORT_TEXT, startCatalogMcpServer, type CatalogMcpServer } from './helpers/mcp-catalog-server.js';
import { startTestMcpServer, type TestMcpServer } from './helpers/mcp-http-server.js';
import { byName, runTool, toolFailure } from './helpers/workspace.js';

let catalogServer: CatalogMcpServer;
let toolsOnly: TestMcpServer;
let set: McpToolSet;

beforeAll(async () => {
  catalogServer = await startCatalogMcpServer();
  toolsOnly = await startTestMcpServer();
  set = await mcpTools({ servers: { docs: { url: catalogServer.url }, calc: { url: toolsOnly.url } } });
});
afterAll(async () => {
  await set.close();
  await catalogServer.close();
  await toolsOnly.close();
});

describe('MCP resources', () => {
  it('lists the resources of the servers that declare them', async () => {
    expect(set.failures).toEqual([]);
    const resources = await set.catalog.resources();
    expect(resources.map((r) => [r.server, r.uri, r.name]).sort()).toEqual([
      ['docs', 'file:///data/logo.png', 'logo'],
      ['docs', 'file:///data/report.md', 'report'],
    ]);
    expect(resources.find((r) => r.name === 'report')).toMatchObject({ title: 'Q3 report', description: 'The quarterly report', mimeType: 'text/markdown' });
  });

  it('reads a resource as untrusted content (text shown after the note, binary described)', async () => {
    const read = await set.catalog.readResource('docs', 'file:///data/report.md');
    expect(read.untrusted).toBe(true);
    expect(read.contents).toEqual([{ uri: 'file:///data/report.md', mimeType: 'text/markdown', text: REPORT_TEXT }]);
    expect(read.text).toBe(`${MCP_RESOURCE_UNTRUSTED_NOTE}\n\n[resource file:///data/report.md (text/markdown)]\n${REPORT_TEXT}`);
    expect((await set.catalog.readResource('docs', 'note://7')).text).toContain('note number 7');
    expect((await set.catalog.readResource('docs', 'file:///data/logo.png')).text).toContain('[binary resource file:///data/logo.png (image/png) not shown]');
  });

  it('gives the agent list/read tools for servers with resources only: read-only, open-world, egress', async () => {
    const names = set.tools.map((t) => t.name).sort();
    expect(names).toContain('docs__list_resources');
    expect(names).toContain('docs__read_resource');
    expect(names).toContain('docs__ping');
    expect(names.filter((n) => n.startsWith('calc__') && n.includes('resource'))).toEqual([]);
    const read = byName(set.tools, 'docs__read_resource');
    expect(read.annotations).toEqual({ readOnly: true, openWorld: true, tags: ['mcp', 'mcp-resource', 'effect:egress'] });
    const listed = await runTool(byName(set.tools, 'docs__list_resources'), {});
    expect(listed.text).toBe(`${MCP_RESOURCE_UNTRUSTED_NOTE}\n\n- file:///data/report.md — Q3 report (text/markdown): The quarterly report\n- file:///data/logo.png — logo (image/png)`);
    const out = await runTool(read, { uri: 'file:///data/report.md' });
    expect(out.isError).toBe(false);
    expect(out.text.startsWith(MCP_RESOURCE_UNTRUSTED_NOTE)).toBe(true);
    expect(out.text).toContain('Revenue rose 12%.');
  });

  it('reports a failed read and an unknown server with codes', async () => {
    expect(await toolFailure(byName(set.tools, 'docs__read_resource'), { uri: 'file:///nope' })).toMatchObject({ code: 'tool.mcp_call_failed' });
    await expect(set.catalog.readResource('calc', 'file:///data/report.md')).rejects.toMatchObject({ code: 'tool.invalid_args' });
    await expect(set.catalog.readResource('nobody', 'x://y')).rejects.toMatchObject({ code: 'tool.invalid_args' });
  });
});

describe('MCP prompts', () => {
  it('lists prompts namespaced by server, with their arguments', async () => {
    const prompts = await set.catalog.prompts();
    expect(prompts).toEqual([
      { server: 'docs', name: 'triage', id: 'docs__triage', description: 'Sort a ticket into buckets', arguments: [{ name: 'ticket', required: true }, { name: 'buckets', required: false }] },
      { server: 'docs', name: 'greet', id: 'docs__greet', description: 'A greeting', arguments: [] },
    ]);
  });

  it('renders a prompt on its server, marked untrusted; a missing argument is refused before the call', async () => {
    expect(await set.catalog.renderPrompt('docs__triage', { ticket: 'T-1' })).toEqual({
      server: 'docs', name: 'triage', untrusted: true, messages: [{ role: 'user', text: 'Sort T-1 into p1/p2/p3.' }], text: 'Sort T-1 into p1/p2/p3.',
    });
    expect((await set.catalog.renderPrompt('docs__greet')).text).toBe('Say hello.\n\nHello!');
    await expect(set.catalog.renderPrompt('docs__triage', {})).rejects.toMatchObject({ code: 'tool.invalid_args', message: 'MCP prompt docs__triage needs ticket.' });
    await expect(set.catalog.renderPrompt('docs__nope')).rejects.toMatchObject({ code: 'tool.invalid_args' });
  });
});
