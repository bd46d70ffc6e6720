import { describe, expect, it } from 'vitest';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { TAINT_NOTES } from '@warden/protocol/policy';
import type { SessionRecord } from '@warden/protocol';
import { createAgent, type AgentHooks } from '../src/index.js';
import { storedAuthority, taintNote } from '../src/run-authority.js';
import { collect, makeTool, ofType } from './helpers.js';

const note = { source: 'tool:web_fetch', reason: 'web_fetch returns content from outside the workspace', reasonId: 'outside_tool', params: { tool: 'web_fetch' } };

describe('a taint note keeps its reason id and params', () => {
  it('from the hook to the event, the result and the session, and back on resume', async () => {
    const store = memorySessionStore();
    const hooks: AgentHooks = { afterTool: () => ({ taint: note }) };
    const t = makeTool('web_fetch', () => 'page');
    const agent = createAgent({ provider: scriptedProvider([{ toolCalls: [{ name: 'web_fetch' }] }, 'ok']), tools: [t], hooks, session: { store, id: 's' } });
    const events = await collect(agent.stream('x'));
    expect(ofType(events, 'taint')[0]).toMatchObject(note);

    const resumed = createAgent({ provider: scriptedProvider(['again']), session: { store, id: 's' } });
    const again = await collect(resumed.stream('y'));
    expect(ofType(again, 'taint')[0]).toMatchObject(note);
  });

  it('the stored-history fallback has an id too, and a stored note keeps only scalar params', () => {
    const toolRecord: SessionRecord = { type: 'tool_result', id: 'm', at: 'now', result: { type: 'tool_result', callId: 'c', name: 't', content: [{ type: 'text', text: 'x' }], isError: false } };
    expect('session_history' in TAINT_NOTES).toBe(true);
    expect(storedAuthority([toolRecord]).taint).toEqual([{ source: 'session:history', reason: expect.any(String), reasonId: 'session_history' }]);
    expect(taintNote({ ...note, params: { tool: 'web_fetch', nested: { a: 1 } } as never })).toEqual(note);
  });
});
