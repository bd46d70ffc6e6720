import path from 'node:path';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { MCP_RESOURCE_UNTRUSTED_NOTE, mcpTools } from '@warden/tools';
import { describe, expect, it } from 'vitest';
import { mcpPromptLibrary, prompt } from '../src/blueprint.js';
import { createHarness } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

// A real stdio MCP server built with the SDK, offering a resource and prompts.
const FIXTURE = path.join(import.meta.dirname, '__fixtures__', 'catalog-mcp-server.mjs');

describe('MCP prompts in the prompt library', () => {
  it('renders each server prompt into a template with its arguments as variables; a prompt the server will not render is reported', async () => {
    const set = await mcpTools({ servers: { cat: { command: process.execPath, args: [FIXTURE] } } });
    try {
      expect(set.failures).toEqual([]);
      const base = { names: () => ['local'], get: () => prompt('local', 'Hi {who}.'), render: (_n: string, v?: Readonly<Record<string, string | number>>) => prompt('local', 'Hi {who}.').render(v) };
      const { library, problems } = await mcpPromptLibrary(set.catalog, { base });
      expect(library.names()).toEqual(['cat__triage', 'local']);
      expect(library.get('cat__triage')).toMatchObject({ version: 'mcp', variables: ['ticket', 'buckets'] });
      expect(library.render('cat__triage', { ticket: 'T-1', buckets: 'p1/p2' })).toBe('Sort T-1 into p1/p2.');
      expect(library.get('cat__triage').partial({ buckets: 'now/later' }).render({ ticket: 'T-9' })).toBe('Sort T-9 into now/later.');
      expect(library.render('local', { who: 'Ann' })).toBe('Hi Ann.');
      // `level` is an enum: the server refuses "{level}", so the prompt is left out and said why.
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^cat__strict: /);
      expect(() => library.get('cat__triag')).toThrow(expect.objectContaining({ code: 'config.invalid', message: 'no prompt named cat__triag (did you mean cat__triage?)' }));
    } finally {
      await set.close();
    }
  });
});

describe('MCP resources in a run', () => {
  it('the agent reads a resource through the gate; its content arrives marked untrusted and taints the run', async () => {
    const dir = tempWorkspace('warden-harness-mcp-res-');
    const provider = scriptedProvider([{ toolCalls: [{ name: 'cat__read_resource', args: { uri: 'file:///data/report.md' } }] }, 'Revenue rose 12%.']);
    const harness = await createHarness({ workdir: dir, provider, approver: 'yes', env: {}, audit: false, shell: { sandbox: 'off' }, mcpServers: { cat: { command: process.execPath, args: [FIXTURE], trust: 'trusted' } } });
    try {
      const events: RunEvent[] = [];
      for await (const event of harness.stream('summarise the Q3 report')) events.push(event);
      expect(events.at(-1)).toMatchObject({ type: 'run_end', stopReason: 'done' });
      const result = events.find((e) => e.type === 'tool_result' && e.name === 'cat__read_resource');
      expect(JSON.stringify(result)).toContain(MCP_RESOURCE_UNTRUSTED_NOTE.slice(0, 40));
      expect(events.filter((e) => e.type === 'taint').map((e) => (e as { source: string }).source)).toContain('tool:cat__read_resource');
    } finally {
      await harness.close();
    }
  });
});
