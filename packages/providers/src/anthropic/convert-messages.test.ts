import type { Message } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import type { TurnJson } from '../shared/turns-json.js';
import { anthropicMessagesJson, toAnthropicMessages } from './convert-messages.js';

const text = (role: 'user' | 'system', value: string): Message => ({ role, parts: [{ type: 'text', text: value }] });
const call = (id: string, extra: Message['parts'] = []): Message => ({
  role: 'assistant',
  parts: [...extra, { type: 'tool_call', id, name: 'add', args: { a: 1, nested: { b: [1, 'two'] } } }],
}) as Message;
const result = (id: string, isError = false): Message => ({
  role: 'tool',
  parts: [{ type: 'tool_result', callId: id, name: 'add', content: [{ type: 'text', text: `result "${id}"\n` }], isError }],
});

// Histories that exercise every merge rule: tool results and a user turn merging into one user
// turn, assistant turns left empty (foreign thinking only) vanishing so their neighbours merge,
// signed and redacted thinking, images, empty text.
const history: Message[] = [
  text('system', 'Be brief.'),
  text('user', 'add things'),
  call('c1', [{ type: 'thinking', text: 'plan', signature: 'sig', provider: 'anthropic' }]),
  result('c1'),
  result('c1b', true),
  text('user', 'and also'),
  { role: 'assistant', parts: [{ type: 'thinking', text: 'foreign', provider: 'gemini' }] },
  { role: 'user', parts: [{ type: 'text', text: '' }, { type: 'image', mediaType: 'image/png', data: 'iVBORw0=' }] },
  { role: 'assistant', parts: [{ type: 'thinking', text: '', redactedData: 'opaque', provider: 'anthropic' }, { type: 'text', text: 'ok' }] },
  call('c2'),
  result('c2'),
  { role: 'assistant', parts: [{ type: 'text', text: 'done, é ✓' }] },
];

describe('anthropicMessagesJson', () => {
  it('parses to exactly what toAnthropicMessages gives, for every prefix, with one cache throughout', () => {
    const cache = new WeakMap<Message, TurnJson | null>();
    for (let n = 1; n <= history.length; n += 1) {
      const prefix = history.slice(0, n);
      expect(JSON.parse(anthropicMessagesJson(prefix, cache)), `first ${n} messages`).toEqual(toAnthropicMessages(prefix).messages);
    }
  });

  it('merges across a vanished turn and never starts with an empty turn', () => {
    const cache = new WeakMap<Message, TurnJson | null>();
    const onlyForeign: Message[] = [
      { role: 'assistant', parts: [{ type: 'thinking', text: 'x', provider: 'openai' }] },
      text('user', 'a'),
      { role: 'assistant', parts: [{ type: 'thinking', text: 'y', provider: 'openai' }] },
      text('user', 'b'),
    ];
    const parsed = JSON.parse(anthropicMessagesJson(onlyForeign, cache)) as Array<{ role: string; content: unknown[] }>;
    expect(parsed).toEqual([{ role: 'user', content: [{ type: 'text', text: 'a' }, { type: 'text', text: 'b' }] }]);
    expect(JSON.parse(anthropicMessagesJson([], cache))).toEqual([]);
  });
});
