import { describe, expect, it } from 'vitest';
import type { RunScope, ToolContext } from '@warden/protocol';
import { memorySessionStore, recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

const scope: RunScope = { version: 1, paths: [{ kind: 'file', pattern: 'README.md', origin: 'task' }], hosts: [{ host: 'docs.example.com', origin: 'task' }] };

describe('the context a tool is called with', () => {
  it("carries the run's scope, so a tool can enforce the part it owns (the sandbox reaches task-named hosts)", async () => {
    const seen: ToolContext[] = [];
    const tool = makeTool('probe', (_args, ctx) => {
      seen.push(ctx);
      return 'ok';
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'probe' }] }, 'done']);
    await createAgent({ provider, tools: [tool], gate: recordingGate(), context: { workspace: '/ws' } }).run('x', { scope });
    expect(seen[0]).toMatchObject({ scope, workspace: '/ws', runId: expect.any(String) });
  });

  it('keeps the scope on a resumed session, where it was restored from the record', async () => {
    const store = memorySessionStore();
    const seen: (RunScope | undefined)[] = [];
    const tool = makeTool('probe', (_args, ctx) => {
      seen.push(ctx.scope);
      return 'ok';
    });
    const provider = scriptedProvider(['first', { toolCalls: [{ name: 'probe' }] }, 'done']);
    const agent = createAgent({ provider, tools: [tool], gate: recordingGate(), session: { store, id: 's1' } });
    await agent.run('first task', { scope });
    await agent.run('go on');
    expect(seen).toEqual([scope]);
  });

  it('has no scope when the run was given none', async () => {
    const seen: ToolContext[] = [];
    const tool = makeTool('probe', (_args, ctx) => {
      seen.push(ctx);
      return 'ok';
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'probe' }] }, 'done']);
    await createAgent({ provider, tools: [tool], gate: recordingGate() }).run('x');
    expect(seen[0]?.scope).toBeUndefined();
  });
});
