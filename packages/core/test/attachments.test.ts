import { describe, expect, it } from 'vitest';
import { memorySessionStore, scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';

describe('RunOptions.attachments', () => {
  it('go into the task\'s user message after its text, are stored with it, and only the first message has them', async () => {
    const store = memorySessionStore();
    const provider = scriptedProvider(['seen']);
    const agent = createAgent({ provider, session: { store, id: 's' } });
    const parts = [{ type: 'text' as const, text: '[attachment 1: a.txt (text)]\nhello\n[end of attachment 1: a.txt]' }, { type: 'image' as const, mediaType: 'image/png', data: 'iVBORw0KGgo=' }];
    const result = await agent.run('read it', { attachments: parts, taint: [{ source: 'attachment:a.txt', reason: 'attached', reasonId: 'attached_file', params: { file: 'a.txt' } }] });
    expect(provider.requests[0]!.messages.at(-1)).toEqual({ role: 'user', parts: [{ type: 'text', text: 'read it' }, ...parts] });
    expect(result.tainted).toBe(true);

    const again = scriptedProvider(['ok']);
    await createAgent({ provider: again, session: { store, id: 's' } }).run('and now?');
    const users = again.requests[0]!.messages.filter((m) => m.role === 'user');
    expect(users[0]!.parts).toHaveLength(3);
    expect(users[1]).toEqual({ role: 'user', parts: [{ type: 'text', text: 'and now?' }] });
  });
});
