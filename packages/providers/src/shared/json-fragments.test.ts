import type { Message } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { openAIMessageJson, toOpenAIMessages } from '../openai/convert-messages.js';
import { JsonFragments, withJsonFields } from './json-fragments.js';

const history: Message[] = [
  { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
  { role: 'user', parts: [{ type: 'text', text: 'add 1 and 2' }] },
  { role: 'assistant', parts: [{ type: 'thinking', text: 'hmm' }, { type: 'tool_call', id: 'c1', name: 'add', args: { a: 1, b: 2 } }] },
  {
    role: 'tool',
    parts: [
      { type: 'tool_result', callId: 'c1', name: 'add', content: [{ type: 'text', text: '3' }], isError: false },
      { type: 'tool_result', callId: 'c2', name: 'add', content: [{ type: 'text', text: 'no "quotes" \u2028 here' }], isError: true },
    ],
  },
];

describe('JsonFragments', () => {
  it('serialises a growing history to exactly what JSON.stringify of the converted messages gives', () => {
    const fragments = new JsonFragments<Message>(openAIMessageJson);
    for (let n = 1; n <= history.length; n += 1) {
      const text = fragments.array(history.slice(0, n));
      expect(JSON.parse(text)).toEqual(toOpenAIMessages(history.slice(0, n)));
    }
    expect(JSON.parse(fragments.array(history))).toHaveLength(5);
  });

  it('serialises each item once, however often it is resent', () => {
    let calls = 0;
    const fragments = new JsonFragments<{ n: number }>((item) => {
      calls += 1;
      return JSON.stringify(item);
    });
    const items = [{ n: 1 }, { n: 2 }];
    fragments.array(items);
    fragments.array([...items, { n: 3 }]);
    expect(calls).toBe(3);
  });

  it('reuses the last call only when it is a true prefix: a rewritten or shortened history is joined afresh', () => {
    const fragments = new JsonFragments<{ n: number }>((item) => String(item.n));
    const [a, b, c] = [{ n: 1 }, { n: 2 }, { n: 3 }];
    expect(fragments.array([a, b])).toBe('[1,2]');
    expect(fragments.array([a, b, c])).toBe('[1,2,3]');
    expect(fragments.array([a, c])).toBe('[1,3]');
    expect(fragments.array([a])).toBe('[1]');
    const history = [a, b];
    expect(fragments.array(history)).toBe('[1,2]');
    history[1] = c; // changed in place after the call: the copy kept by the cache still tells them apart
    expect(fragments.array(history)).toBe('[1,3]');
  });

  it('skips items that become no entries and gives [] for none', () => {
    const fragments = new JsonFragments<{ keep: boolean }>((item) => (item.keep ? '1' : ''));
    expect(fragments.array([])).toBe('[]');
    expect(fragments.array([{ keep: false }, { keep: true }, { keep: false }, { keep: true }])).toBe('[1,1]');
  });
});

describe('withJsonFields', () => {
  it('adds fields to empty and non-empty objects and leaves out undefined ones', () => {
    expect(JSON.parse(withJsonFields('{}', [['a', '[1]'], ['b', undefined]]))).toEqual({ a: [1] });
    expect(JSON.parse(withJsonFields('{"model":"m"}', [['messages', '[]'], ['tools', '[{"x":"\\"}"}]']]))).toEqual({
      model: 'm',
      messages: [],
      tools: [{ x: '"}' }],
    });
    expect(withJsonFields('{"a":1}', [])).toBe('{"a":1}');
  });
});
