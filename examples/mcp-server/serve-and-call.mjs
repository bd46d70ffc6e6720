// @ts-check
// A governed Warden agent served over MCP and called by a stock MCP client, offline: the agent is
// `createHarness` with a scripted model, served by `createMcpServer` (streamable HTTP, stateless,
// behind a bearer key), and called with the official SDK's `Client`. Run with
// `node serve-and-call.mjs`; exits 1 if anything turned out differently from what this file expects.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createHarness } from '@warden/harness';
import { createMcpServer } from '@warden/serve';
import { memoryApprovalStore, memorySessionStore, scriptedProvider } from '@warden/protocol/testing';

const workspace = await mkdtemp(path.join(tmpdir(), 'warden-mcp-example-'));
await writeFile(path.join(workspace, 'README.md'), '# demo\n');

// The model: answers a question after listing the workspace, remembers it in the next call,
// then tries to write a file — which in safe mode needs a person, so it parks.
const provider = scriptedProvider([
  { toolCalls: [{ id: 'look', name: 'list_files', args: { path: '.' } }] },
  'The workspace holds README.md.',
  'You asked what the workspace holds.',
  { toolCalls: [{ id: 'write', name: 'write_file', args: { path: 'CHANGELOG.md', content: '# Changelog\n' } }] },
  'written',
]);

const harness = await createHarness({
  workdir: workspace,
  provider,
  mode: 'safe',
  approver: 'durable', // the caller is a program, not a person: questions park for one
  sessions: memorySessionStore(),
  approvals: memoryApprovalStore(),
  audit: false,
  env: {},
});

const KEY = 'example-key-0123456789abcdef';
const server = await createMcpServer({ agents: [{ name: 'repo_agent', description: 'Answers questions about this repository and edits it under its gate.', harness }] });
const http = await server.listen({ port: 0, keys: [KEY] });
console.log(`serving on ${http.url}`);

const client = new Client({ name: 'example-client', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));

/** @param {Awaited<ReturnType<Client['callTool']>>} result */
const textOf = (result) => /** @type {Array<{ text: string }>} */ (result.content)[0]?.text ?? '';

const { tools } = await client.listTools();
console.log(`tools: ${tools.map((t) => t.name).join(', ')}`);

/** @type {string[]} */
const progress = [];
const first = await client.callTool({ name: 'repo_agent', arguments: { task: 'What does the workspace hold?' } }, undefined, { onprogress: (p) => progress.push(p.message ?? '') });
const firstOut = /** @type {{ stopReason: string, sessionId: string }} */ (first.structuredContent);
console.log(`answer: ${textOf(first)}  (progress: ${progress.join(' | ')})`);

const second = await client.callTool({ name: 'repo_agent', arguments: { task: 'What did I ask you?', sessionId: firstOut.sessionId } });
console.log(`continued: ${textOf(second)}`);

const third = await client.callTool({ name: 'repo_agent', arguments: { task: 'Create CHANGELOG.md' } });
const thirdOut = /** @type {{ stopReason: string, pendingApprovals: Array<{ id: string }> }} */ (third.structuredContent);
console.log(`parked: ${textOf(third)}`);

let unauthorized = false;
try {
  const intruder = new Client({ name: 'intruder', version: '1.0.0' });
  await intruder.connect(new StreamableHTTPClientTransport(new URL(http.url)));
} catch {
  unauthorized = true;
}

await client.close();
await server.close();
const changelog = existsSync(path.join(workspace, 'CHANGELOG.md'));
const pending = await harness.approvals?.pending();
await harness.close();
await rm(workspace, { recursive: true, force: true });

const expectations = [
  ['the agent is one tool', tools.length === 1 && tools[0]?.name === 'repo_agent'],
  ['the first call ran the harness and answered', firstOut.stopReason === 'done' && textOf(first).includes('The workspace holds README.md.')],
  ['progress named the tool decision', progress.some((line) => line.startsWith('list_files: allow'))],
  ['the sessionId continued the conversation', textOf(second).includes('You asked what the workspace holds.') && JSON.stringify(provider.requests[2]?.messages).includes('What does the workspace hold?')],
  ['the write parked for a person', thirdOut.stopReason === 'approval' && thirdOut.pendingApprovals.length === 1],
  ['the result says how to approve', textOf(third).includes(`warden approvals approve ${thirdOut.pendingApprovals[0]?.id}`)],
  ['the approval is waiting in the store', pending?.length === 1],
  ['nothing was written', !changelog],
  ['a client without the key was refused', unauthorized],
];
let failed = 0;
for (const [what, ok] of expectations) {
  if (!ok) failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
}
process.exitCode = failed === 0 ? 0 : 1;
