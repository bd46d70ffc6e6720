import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHarness } from '@warden/harness';
import { INTERFACE_VERSIONS, type ToolV1 } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { harnessAgents } from '../src/index.js';

// 9. Specialists run through the governed harness: the allowlist is narrowed to what the harness
// holds, the harness's gate decides every call, and every run lands in its audit trail.
let work = '';
afterEach(() => {
  if (work) rmSync(work, { recursive: true, force: true });
  work = '';
});

const lookup: ToolV1 = { specificationVersion: INTERFACE_VERSIONS.tool, name: 'lookup', description: 'Looks up a figure.', inputSchema: { type: 'object', properties: { what: { type: 'string' } } }, annotations: { readOnly: true }, execute: async () => 'revenue 4.2M (ledger)' };

function toolResults(provider: ReturnType<typeof scriptedProvider>): { name: string; content: string; isError?: boolean }[] {
  return provider.requests.at(-1)!.messages.flatMap((m) => m.parts.flatMap((p) => (p.type === 'tool_result' ? [{ name: p.name, content: JSON.stringify(p.content), isError: p.isError }] : [])));
}

describe('specialists through the governed harness', () => {
  it('holds only its allowlist: a tool outside it (or outside the harness) is not there to call', async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-orch-gov-'));
    const provider = scriptedProvider([
      { toolCalls: [{ name: 'shell', args: { command: 'echo hi > pwned.txt' } }, { name: 'write_file', args: { path: 'pwned.txt', content: 'x' } }, { name: 'lookup', args: { what: 'revenue' } }] },
      'revenue 4.2M (ledger)',
    ]);
    const harness = await createHarness({ workdir: work, provider, mode: 'yolo', env: {}, tools: [lookup], audit: { file: join(work, 'audit.jsonl') }, builtinTools: { shell: false } });
    const agents = harnessAgents(harness);
    try {
      const reply = await agents({ role: 'specialist', agent: 'revenue_reader', instructions: 'Find revenue.', input: 'Task "revenue": find it', tools: ['lookup', 'shell'], jobId: 'job-1', taskId: 'revenue' });
      expect(reply.text).toBe('revenue 4.2M (ledger)');
      const results = toolResults(provider);
      expect(results.find((r) => r.name === 'lookup')).toMatchObject({ isError: false });
      expect(results.find((r) => r.name === 'shell')?.isError).toBe(true);
      expect(results.find((r) => r.name === 'write_file')?.isError).toBe(true);
      expect(existsSync(join(work, 'pwned.txt'))).toBe(false);
      expect(provider.requests[0]!.tools!.map((t) => t.name)).toEqual(['lookup']);
      expect(readFileSync(join(work, 'audit.jsonl'), 'utf8')).toContain('lookup');
    } finally {
      await agents.close();
      await harness.close();
    }
  });

  it("the harness's gate decides each call: in safe mode with no approver a write is refused", async () => {
    work = mkdtempSync(join(tmpdir(), 'warden-orch-gov-'));
    const provider = scriptedProvider([{ toolCalls: [{ name: 'write_file', args: { path: 'report.md', content: 'all good' } }] }, 'could not write']);
    const harness = await createHarness({ workdir: work, provider, mode: 'safe', approver: 'none', env: {}, audit: false });
    const agents = harnessAgents(harness);
    try {
      await agents({ role: 'specialist', agent: 'writer', instructions: 'Write the summary.', input: 'Task "summary": summarise Q3', tools: ['write_file'], jobId: 'job-2', taskId: 'summary' });
      expect(toolResults(provider)).toMatchObject([{ name: 'write_file', isError: true }]);
      expect(existsSync(join(work, 'report.md'))).toBe(false);
    } finally {
      await agents.close();
      await harness.close();
    }
  });
});
