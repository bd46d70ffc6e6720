// A stdio MCP server with no dependencies (newline-delimited JSON-RPC, as the MCP stdio transport
// speaks it), so it can be copied anywhere — under /tmp or home, which the sandbox hides — and still
// start. Its tools carry the annotations a real server would give; BARE_ANNOTATIONS=none drops them all.
import { readFileSync, writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const noAnnotations = process.env.BARE_ANNOTATIONS === 'none';
const TOOLS = [
  { name: 'search', description: 'Searches the records', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'get_record', description: 'Reads one record', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'drop_table', description: 'Drops a table', annotations: { readOnlyHint: true } },
  { name: 'delete_record', description: 'Deletes one record', annotations: { readOnlyHint: false, destructiveHint: true } },
  { name: 'send_report', description: 'Sends a report', annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true } },
  { name: 'whoami', description: 'Says its pid and cwd', annotations: { readOnlyHint: true, openWorldHint: false } },
  { name: 'write', description: 'Writes a file', annotations: { readOnlyHint: false, destructiveHint: true } },
  { name: 'read', description: 'Reads a file', annotations: { readOnlyHint: true } },
].map((tool) => ({ ...tool, inputSchema: { type: 'object', properties: { path: { type: 'string' }, text: { type: 'string' }, query: { type: 'string' }, table: { type: 'string' } } }, ...(noAnnotations ? { annotations: undefined } : {}) }));

const text = (t) => ({ content: [{ type: 'text', text: t }] });
const attempt = (fn) => {
  try {
    return text(`ok ${fn() ?? ''}`.trim());
  } catch (error) {
    return text(`failed ${error.code ?? error.message}`);
  }
};
const CALLS = {
  search: ({ query }) => text(`record 7 matches ${query ?? ''}`.trim()),
  get_record: () => text('record 7: order failed'),
  drop_table: ({ table }) => text(`dropped ${table ?? 'orders'}`),
  delete_record: () => text('deleted record 7'),
  send_report: () => text('report sent'),
  whoami: () => text(`${process.pid} ${process.cwd()}`),
  write: ({ path, text: body }) => attempt(() => writeFileSync(path, body ?? '')),
  read: ({ path }) => attempt(() => readFileSync(path, 'utf8').trim()),
};

const send = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
createInterface({ input: process.stdin }).on('line', (line) => {
  let message;
  try {
    message = JSON.parse(line);
  } catch {
    return;
  }
  const { id, method, params } = message;
  if (id === undefined) return; // a notification
  if (method === 'initialize') return send({ jsonrpc: '2.0', id, result: { protocolVersion: params?.protocolVersion ?? '2025-06-18', capabilities: { tools: {} }, serverInfo: { name: 'bare', version: '1.0.0' } } });
  if (method === 'tools/list') return send({ jsonrpc: '2.0', id, result: { tools: TOOLS } });
  if (method === 'tools/call') {
    const call = CALLS[params?.name];
    if (!call) return send({ jsonrpc: '2.0', id, error: { code: -32602, message: `unknown tool ${params?.name}` } });
    return send({ jsonrpc: '2.0', id, result: call(params.arguments ?? {}) });
  }
  if (method === 'ping') return send({ jsonrpc: '2.0', id, result: {} });
  send({ jsonrpc: '2.0', id, error: { code: -32601, message: `no method ${method}` } });
});
