import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '@warden/harness';
import { createMcpServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

// Issue 45: a secret that reaches a served agent — in the task its caller sends, in the model's
// tool-call arguments and in its answer — is in neither the MCP answer nor anything the harness keeps.
const SECRET = 'ghp_' + 'Z9y8X7w6V5u4T3s2R1q0P9o8N7m6L5k4J3i2';
const KEY = 'server-key-0123456789abcdef';
const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('a served agent never hands a secret back', () => {
  it('the MCP answer, the session files and the audit trail hold no secret the task, the arguments or the answer carried', async () => {
    const dir = tempWorkspace();
    const provider = scriptedProvider([
      { toolCalls: [{ id: 'w1', name: 'write_file', args: { path: 'token-note.md', content: `the token is ${SECRET}\n` } }] },
      `Stored it. For the record, the token was ${SECRET}.`,
    ]);
    const harness = await createHarness({ workdir: dir, provider, env: {}, approver: 'yes' });
    const server = await createMcpServer({ agents: [{ name: 'coder', description: 'Edits the workspace.', harness }] });
    const http = await server.listen({ port: 0, keys: [KEY] });
    cleanup.push(async () => {
      await server.close();
      await harness.close();
    });
    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(http.url), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));
    cleanup.push(() => client.close());

    const result = await client.callTool({ name: 'coder', arguments: { task: `write token-note.md saying the token is ${SECRET}` } });
    const answer = JSON.stringify(result);
    expect(answer).toContain('Stored it.');
    expect(answer).not.toContain(SECRET);

    const kept = [
      ...readdirSync(path.join(dir, '.warden', 'sessions')).filter((f) => f.endsWith('.jsonl')).map((f) => path.join(dir, '.warden', 'sessions', f)),
      path.join(dir, '.warden', 'audit.jsonl'),
    ];
    expect(kept.length).toBeGreaterThan(1);
    for (const file of kept) expect(readFileSync(file, 'utf8'), file).not.toContain(SECRET);
    // The write itself ran with the real value: redaction is for what is kept and handed back.
    expect(readFileSync(path.join(dir, 'token-note.md'), 'utf8')).toContain(SECRET);
  });
});
