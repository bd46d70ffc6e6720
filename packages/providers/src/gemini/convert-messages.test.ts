import type { Message } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import type { TurnJson } from '../shared/turns-json.js';
import { geminiContentsJson, toGeminiContents } from './convert-messages.js';

const user = (text: string): Message => ({ role: 'user', parts: [{ type: 'text', text }] });

// Every rule of the conversion: thought signatures on the call or on the part after a signed
// thinking part, a trailing signature on an empty text part, synthetic ids left out, error
// results, images, and turns that vanish (another vendor's thinking only) so neighbours merge.
const history: Message[] = [
  { role: 'system', parts: [{ type: 'text', text: 'Be brief.' }] },
  user('add things'),
  {
    role: 'assistant',
    parts: [
      { type: 'thinking', text: 'plan', signature: 'sig-1', provider: 'gemini' },
      { type: 'text', text: 'calling' },
      { type: 'tool_call', id: 'gcall_0', name: 'add', args: { a: 1 }, meta: { thoughtSignature: 'sig-call' } },
      { type: 'tool_call', id: 'real-id', name: 'add', args: { b: [2, 'x'] } },
    ],
  },
  {
    role: 'tool',
    parts: [
      { type: 'tool_result', callId: 'gcall_0', name: 'add', content: [{ type: 'text', text: '1' }], isError: false },
      { type: 'tool_result', callId: 'real-id', name: 'add', content: [{ type: 'text', text: 'bad "b"' }, { type: 'image', mediaType: 'image/png', data: 'AA==' }], isError: true },
    ],
  },
  user('and also'),
  { role: 'assistant', parts: [{ type: 'thinking', text: 'foreign', provider: 'anthropic', signature: 's' }] },
  { role: 'user', parts: [{ type: 'image', mediaType: 'image/jpeg', url: 'https://x.invalid/a.jpg' }] },
  { role: 'assistant', parts: [{ type: 'text', text: 'ok ✓' }, { type: 'thinking', text: 'after', signature: 'sig-end', provider: 'gemini' }] },
];

describe('geminiContentsJson', () => {
  it('parses to exactly what toGeminiContents gives, for every prefix, with one cache throughout', () => {
    const cache = new WeakMap<Message, TurnJson | null>();
    for (let n = 1; n <= history.length; n += 1) {
      const prefix = history.slice(0, n);
      expect(JSON.parse(geminiContentsJson(prefix, cache)), `first ${n} messages`).toEqual(toGeminiContents(prefix).contents);
    }
  });

  it('keeps the signature rules the converter has', () => {
    const contents = JSON.parse(geminiContentsJson(history, new WeakMap())) as Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    const model = contents[1]!.parts;
    expect(model[0]).toEqual({ text: 'calling', thoughtSignature: 'sig-1' });
    expect(model[1]).toEqual({ functionCall: { name: 'add', args: { a: 1 } }, thoughtSignature: 'sig-call' });
    expect(contents.at(-1)!.parts.at(-1)).toEqual({ text: '', thoughtSignature: 'sig-end' });
  });
});
