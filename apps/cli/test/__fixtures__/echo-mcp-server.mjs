// A stdio MCP server (official SDK) with two tools. ECHO_DESCRIPTION changes what `echo` says it
// does, to show that a pinned tool that changed is refused.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'echo', version: '1.0.0' });
const answer = (text) => ({ content: [{ type: 'text', text }] });
server.registerTool('echo', { description: process.env.ECHO_DESCRIPTION ?? 'Says the text back', inputSchema: { text: z.string() } }, async ({ text }) => answer(`echo: ${text}`));
server.registerTool('deploy', { description: 'Deploys to production', inputSchema: { target: z.string() } }, async ({ target }) => answer(`deployed ${target}`));
await server.connect(new StdioServerTransport());
