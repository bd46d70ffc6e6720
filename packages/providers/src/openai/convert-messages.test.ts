import type { Message } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { toOpenAIMessages } from './convert-messages.js';

const history: Message[] = [
  { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
  { role: 'user', parts: [{ type: 'text', text: 'add 1 and 2' }] },
  { role: 'assistant', parts: [{ type: 'thinking', text: 'hmm' }, { type: 'tool_call', id: 'c1', name: 'add', args: { a: 1, b: 2 } }] },
  { role: 'tool', parts: [{ type: 'tool_result', callId: 'c1', name: 'add', content: [{ type: 'text', text: '3' }], isError: false }] },
];

describe('toOpenAIMessages with a per-adapter cache', () => {
  it('gives exactly what an uncached conversion gives, call after call as the history grows', () => {
    const cache = new WeakMap<Message, Record<string, unknown>[]>();
    const first = toOpenAIMessages(history.slice(0, 2), cache);
    expect(first).toEqual(toOpenAIMessages(history.slice(0, 2)));
    const second = toOpenAIMessages(history, cache);
    expect(second).toEqual(toOpenAIMessages(history));
    expect(second).toHaveLength(4);
    expect(second[2]).toEqual({ role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'add', arguments: '{"a":1,"b":2}' } }] });
  });
});
