import { ProviderError, type Message, type ModelRequest } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestValidator } from './request-validator.js';

const user = (text: string): Message => ({ role: 'user', parts: [{ type: 'text', text }] });

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return ProviderError.isInstance(error) ? `${error.code}: ${error.message}` : 'not a ProviderError';
  }
  return undefined;
}

describe('createRequestValidator', () => {
  it('accepts a valid request and returns it as given', () => {
    const validate = createRequestValidator('openai');
    const request: ModelRequest = { messages: [user('hi')], tools: [{ name: 'add', description: 'adds', inputSchema: { type: 'object' } }], temperature: 0 };
    expect(validate(request)).toBe(request);
  });

  it('names the path of what is wrong, in messages, tools and options', () => {
    const validate = createRequestValidator('openai');
    expect(codeOf(() => validate({ messages: [] }))).toMatch(/provider\.bad_request: .* at messages: expected at least one item/);
    expect(codeOf(() => validate({ messages: [user('ok'), { role: 'user', parts: [] } as unknown as Message] }))).toMatch(/at messages\.1\.parts/);
    expect(codeOf(() => validate({ messages: [user('ok')], tools: [{ name: 'bad name', description: '', inputSchema: {} }] }))).toMatch(/at tools\.0\.name/);
    expect(codeOf(() => validate({ messages: [user('ok')], temperature: 9 }))).toMatch(/at temperature/);
    expect(codeOf(() => validate(null as unknown as ModelRequest))).toMatch(/at \(root\): expected an object/);
  });

  it('checks each message object once, and still checks every new one', () => {
    const validate = createRequestValidator('openai');
    const history: Message[] = [user('first')];
    validate({ messages: history });
    history.push(user('second'));
    expect(validate({ messages: history })).toBeDefined();
    history.push({ role: 'assistant', parts: [{ type: 'tool_call', id: '', name: 'x', args: {} }] });
    expect(codeOf(() => validate({ messages: history }))).toMatch(/at messages\.2\.parts\.0\.id/);
  });
});
