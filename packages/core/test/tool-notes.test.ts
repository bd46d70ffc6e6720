import { describe, expect, it } from 'vitest';
import type { JsonValue, RunEvent } from '@warden/protocol';
import { memorySessionStore, recordingGate, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';
import { makeTool } from './helpers.js';

// ToolContext.notes (issue 47): what a tool keeps with the conversation (a todo list, a source
// ledger) is stored as `warden.note.<key>` meta records, restored when the conversation continues,
// and a progress notice with a list becomes a `progress` event.

describe('tool run notes', () => {
  it('are stored in the session and restored for the next run of the conversation', async () => {
    const store = memorySessionStore();
    const seen: Array<JsonValue | undefined> = [];
    const tool = makeTool('keep', (args, ctx) => {
      seen.push(ctx.notes?.get('list'));
      ctx.notes?.set('list', args.value as JsonValue);
      ctx.emit({ type: 'progress', message: 'kept', todos: [{ content: String(args.value), status: 'pending' }] });
      return 'ok';
    });
    const provider = scriptedProvider([{ toolCalls: [{ name: 'keep', args: { value: 'one' } }] }, 'done', { toolCalls: [{ name: 'keep', args: { value: 'two' } }] }, 'done']);
    const agent = createAgent({ provider, tools: [tool], gate: recordingGate(), session: { store, id: 's1' } });
    const events: RunEvent[] = [];
    await agent.run('first', { onEvent: (e) => events.push(e) });
    expect(events.find((e) => e.type === 'progress')).toMatchObject({ type: 'progress', todos: [{ content: 'one', status: 'pending' }] });
    // A second process: a new agent on the same store.
    const again = createAgent({ provider, tools: [tool], gate: recordingGate(), session: { store, id: 's1' } });
    await again.run('second');
    expect(seen).toEqual([undefined, 'one']);
    const loaded = await store.load('s1');
    expect(loaded.records.filter((r) => r.type === 'meta' && r.key === 'warden.note.list').map((r) => (r as { value: JsonValue }).value)).toEqual(['one', 'two']);
  });
});
