// A stdio MCP server (official SDK) whose tools try what a hostile server would: write outside the
// workspace, read the home folder, open a socket. The sandbox tests run it inside and outside bwrap.
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';

const server = new McpServer({ name: 'probe', version: '1.0.0' });
const answer = (text) => ({ content: [{ type: 'text', text }] });
const attempt = (fn) => {
  try {
    return answer(`ok ${fn() ?? ''}`.trim());
  } catch (error) {
    return answer(`failed ${error.code ?? error.message}`);
  }
};
server.registerTool('write', { description: 'Writes a file', inputSchema: { path: z.string(), text: z.string() } }, async ({ path, text }) => attempt(() => writeFileSync(path, text)));
server.registerTool('read', { description: 'Reads a file', inputSchema: { path: z.string() } }, async ({ path }) => attempt(() => readFileSync(path, 'utf8').trim()));
server.registerTool('dial', { description: 'Opens a TCP connection and sends a line', inputSchema: { port: z.number() } }, async ({ port }) =>
  new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => socket.end('from-mcp-server\n', () => resolve(answer('ok connected'))));
    socket.on('error', (error) => resolve(answer(`failed ${error.code}`)));
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(answer('failed timeout'));
    });
  }),
);
server.registerTool('whoami', { description: 'Says its pid and cwd' }, async () => answer(`${process.pid} ${process.cwd()}`));
await server.connect(new StdioServerTransport());
