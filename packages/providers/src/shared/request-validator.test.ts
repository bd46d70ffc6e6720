import { ProviderError, type Message, type ModelRequest } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { createRequestValidator } from './request-validator.js';

const user = (text: string): Message => ({ role: 'user', parts: [{ type: 'text', text }] });

async function codeOf(fn: () => unknown): Promise<string | undefined> {
  try {
    await fn();
  } catch (error) {
    return ProviderError.isInstance(error) ? `${error.code}: ${error.message}` : 'not a ProviderError';
  }
  return undefined;
}

describe('createRequestValidator', () => {
  it('accepts an ordinary request synchronously, without loading the schemas, and returns it as given', () => {
    const validate = createRequestValidator('openai');
    const request: ModelRequest = { messages: [user('hi')], tools: [{ name: 'add', description: 'adds', inputSchema: { type: 'object' } }], temperature: 0, toolChoice: 'auto' };
    expect(validate(request)).toBe(request);
  });

  it('asks the schema about what the quick checks are unsure of, and accepts it when valid', async () => {
    const validate = createRequestValidator('openai');
    const request: ModelRequest = {
      messages: [{ role: 'user', parts: [{ type: 'image', mediaType: 'image/png', url: 'https://example.com/a.png' }] }],
      responseFormat: { type: 'json' },
    };
    const answer = validate(request);
    expect(answer).toBeInstanceOf(Promise);
    await expect(answer).resolves.toBe(request);
    // Remembered: the same message object is not checked again, so the next call is synchronous.
    const again = { messages: request.messages };
    expect(validate(again)).toBe(again);
  });

  it('names the path of what is wrong, in messages, tools and options', async () => {
    const validate = createRequestValidator('openai');
    expect(await codeOf(() => validate({ messages: [] }))).toMatch(/provider\.bad_request: .* at messages: expected at least one item/);
    expect(await codeOf(() => validate({ messages: [user('ok'), { role: 'user', parts: [] } as unknown as Message] }))).toMatch(/at messages\.1\.parts/);
    expect(await codeOf(() => validate({ messages: [user('ok')], tools: [{ name: 'bad name', description: '', inputSchema: {} }] }))).toMatch(/at tools\.0\.name/);
    expect(await codeOf(() => validate({ messages: [user('ok')], temperature: 9 }))).toMatch(/at temperature/);
    expect(await codeOf(() => validate(null as unknown as ModelRequest))).toMatch(/at \(root\): expected an object/);
  });

  it('checks each message object once, and still checks every new one', async () => {
    const validate = createRequestValidator('openai');
    const history: Message[] = [user('first')];
    await validate({ messages: history });
    history.push(user('second'));
    expect(await validate({ messages: history })).toBeDefined();
    history.push({ role: 'assistant', parts: [{ type: 'tool_call', id: '', name: 'x', args: {} }] });
    expect(await codeOf(() => validate({ messages: history }))).toMatch(/at messages\.2\.parts\.0\.id/);
  });
});
