import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeToolOutput } from '@warden/protocol';
import { mcpTools, type McpToolSet } from '../src/index.js';
import { byName, tempDir, toolContext, writeTree } from './helpers/workspace.js';

const require = createRequire(import.meta.url);
const serverEntry = path.join(path.dirname(require.resolve('@modelcontextprotocol/server-filesystem/package.json')), 'dist/index.js');
const temp = tempDir('warden-mcp-fs-');
const packageDir = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
// A stdio MCP server built with the SDK that dies when its `die` tool is called.
const FRAGILE = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
const server = new McpServer({ name: 'fragile', version: '1.0.0' });
server.registerTool('die', { description: 'Exits the server' }, async () => process.exit(1));
server.registerTool('ping', { description: 'Answers pong' }, async () => ({ content: [{ type: 'text', text: 'pong' }] }));
await server.connect(new StdioServerTransport());
`;
let set: McpToolSet;
const stderr: string[] = [];

beforeAll(async () => {
  writeTree(temp.dir, { 'hello.txt': 'hello from disk\n', 'notes/todo.md': '- ship it\n' });
  set = await mcpTools({
    servers: {
      fs: { command: process.execPath, args: [serverEntry, temp.dir] },
      broken: { command: path.join(temp.dir, 'no-such-binary') },
      crashes: { command: process.execPath, args: ['-e', 'process.exit(3)'] },
      fragile: { command: process.execPath, args: ['--input-type=module', '-e', FRAGILE], cwd: packageDir },
    },
    connectTimeoutMs: 20_000,
    onStderr: (server, chunk) => stderr.push(`${server}: ${chunk}`),
  });
});

afterAll(async () => {
  await set.close();
  temp.cleanup();
});

const text = async (name: string, args: Record<string, unknown>) => {
  const { content, isError } = normalizeToolOutput(await byName(set.tools, name).execute(args as never, toolContext()));
  return { text: content.map((p) => (p.type === 'text' ? p.text : '')).join('\n'), isError };
};

describe('mcpTools over stdio with @modelcontextprotocol/server-filesystem', () => {
  it('connects, lists the real server tools and namespaces them', () => {
    const names = set.tools.map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['fs__read_text_file', 'fs__list_directory', 'fs__write_file', 'fs__list_allowed_directories']));
    expect(names.filter((n) => !n.startsWith('fs__')).sort()).toEqual(['fragile__die', 'fragile__ping']);
    for (const tool of set.tools) expect(tool.annotations?.openWorld).toBe(true);
  });

  it('reports the servers that failed, without throwing', () => {
    expect(set.failures.map((f) => [f.server, f.code]).sort()).toEqual([
      ['broken', 'tool.mcp_connect_failed'],
      ['crashes', 'tool.mcp_connect_failed'],
    ]);
  });

  it('hands the server stderr to the caller instead of printing it', () => {
    expect(stderr.join('')).toMatch(/^fs: /);
  });

  it('reads, lists and writes through the real server', async () => {
    expect((await text('fs__read_text_file', { path: path.join(temp.dir, 'hello.txt') })).text).toBe('hello from disk\n');
    const listing = await text('fs__list_directory', { path: temp.dir });
    expect(listing.text).toContain('[FILE] hello.txt');
    expect(listing.text).toContain('[DIR] notes');
    await text('fs__write_file', { path: path.join(temp.dir, 'written.txt'), content: 'via mcp' });
    expect(readFileSync(path.join(temp.dir, 'written.txt'), 'utf8')).toBe('via mcp');
  });

  it('passes on the server refusing a path outside its allowed directory as an error result', async () => {
    const result = await text('fs__read_text_file', { path: '/etc/hostname' });
    expect(result.isError).toBe(true);
    expect(result.text).toMatch(/Access denied|outside allowed/i);
  });

  it('validates arguments against the server schema before calling', () => {
    expect(byName(set.tools, 'fs__read_text_file').validate?.({})).toEqual({ ok: false, message: 'Invalid arguments for fs__read_text_file: path: required' });
  });

  it('turns a server dying mid-call into tool.mcp_call_failed, not a crash of the run', async () => {
    expect((await text('fragile__ping', {})).text).toBe('pong');
    await expect(byName(set.tools, 'fragile__die').execute({}, toolContext())).rejects.toMatchObject({ code: 'tool.mcp_call_failed' });
    await expect(byName(set.tools, 'fragile__ping').execute({}, toolContext())).rejects.toMatchObject({ code: 'tool.mcp_call_failed' });
  });

  it('pins the real server tools and keeps serving them while they are unchanged', async () => {
    const pinned = set.pin();
    expect(Object.keys(pinned)).toContain('fs__read_text_file');
    expect((await text('fs__read_text_file', { path: path.join(temp.dir, 'notes/todo.md') })).text).toBe('- ship it\n');
  });
});
