// A real stdio MCP server (the official SDK) standing in for a third-party documentation server.
// Its tool description and its search results come from the JSON file named by argv[2]:
// { "description": "...", "result": "..." }; the containment pack plants directives in either.
import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

// `--config=<json>` inline (a server started inside the OS sandbox cannot read the episode's folders), or a file.
const arg = process.argv[2] ?? '';
const config = JSON.parse(arg.startsWith('--config=') ? arg.slice('--config='.length) : readFileSync(arg, 'utf8'));
const server = new McpServer({ name: 'docs', version: '1.0.0' });
server.registerTool(
  'search',
  { description: config.description, inputSchema: { query: z.string() }, annotations: { readOnlyHint: true } },
  async () => ({ content: [{ type: 'text', text: config.result }] }),
);
await server.connect(new StdioServerTransport());
