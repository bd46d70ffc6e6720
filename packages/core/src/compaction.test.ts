import { describe, expect, it } from 'vitest';
import type { Message } from '@warden/protocol';
import { cutIndex, hollowToolResults } from './compaction.js';

const user: Message = { role: 'user', parts: [{ type: 'text', text: 'u' }] };
const call = (id: string): Message => ({ role: 'assistant', parts: [{ type: 'tool_call', id, name: 't', args: {} }] });
const result = (id: string, text = 'r'): Message => ({ role: 'tool', parts: [{ type: 'tool_result', callId: id, name: 't', content: [{ type: 'text', text }], isError: false }] });

describe('cutIndex', () => {
  it('never starts the tail on a tool message', () => {
    const messages = [user, call('a'), result('a'), call('b'), result('b')];
    expect(cutIndex(messages, 1)).toBe(3);
    expect(cutIndex(messages, 2)).toBe(3);
    expect(cutIndex(messages, 3)).toBe(1);
    expect(cutIndex(messages, 10)).toBe(0);
  });
});

describe('hollowToolResults', () => {
  it('keeps a head of old oversized results and leaves the tail alone', () => {
    const messages = [user, call('a'), result('a', 'x'.repeat(100)), call('b'), result('b', 'y'.repeat(100))];
    expect(hollowToolResults(messages, 3, 40)).toBe(1);
    const hollowed = messages[2]!.parts[0]!;
    expect(hollowed.type === 'tool_result' && hollowed.content[0]).toEqual({
      type: 'text',
      text: `${'x'.repeat(10)}\n[… 90 characters of this old tool result were removed by compaction]`,
    });
    const kept = messages[4]!.parts[0]!;
    expect(kept.type === 'tool_result' && kept.content[0]).toEqual({ type: 'text', text: 'y'.repeat(100) });
  });
});
