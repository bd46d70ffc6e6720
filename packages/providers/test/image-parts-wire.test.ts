import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Message } from '@warden/protocol';
import { anthropic, gemini, openai } from '../src/index.js';
import { FAKE_KEY, fixtureJson, json, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

// The user message an attached image becomes (harness `readAttachments`): the task, a label, the image.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
const attached: Message[] = [
  {
    role: 'user',
    parts: [
      { type: 'text', text: 'What is on the whiteboard?' },
      { type: 'text', text: '[attachment 1: whiteboard.png (image/png)]' },
      { type: 'image', mediaType: 'image/png', data: PNG },
    ],
  },
];

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

function sentBody(): Record<string, unknown> {
  return JSON.parse(server.requests.at(-1)!.text) as Record<string, unknown>;
}

describe('an attached image on the wire', () => {
  it('OpenAI chat completions: an image_url content part with a data URL', async () => {
    server.reply(json(200, fixtureJson('openai/chat-tool-call.json')));
    await openai({ apiKey: FAKE_KEY, model: 'gpt-4o', baseURL: `${server.url}/v1`, ...testTransport() }).complete({ messages: attached });
    const [user] = sentBody().messages as Array<{ role: string; content: unknown }>;
    expect(user).toEqual({
      role: 'user',
      content: [
        { type: 'text', text: 'What is on the whiteboard?' },
        { type: 'text', text: '[attachment 1: whiteboard.png (image/png)]' },
        { type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } },
      ],
    });
  });

  it('Anthropic messages: an image block with a base64 source', async () => {
    server.reply(json(200, fixtureJson('anthropic/message-final.json')));
    await anthropic({ apiKey: FAKE_KEY, model: 'claude-sonnet-4-20250514', baseURL: server.url, ...testTransport() }).complete({ messages: attached });
    const [user] = sentBody().messages as Array<{ role: string; content: Array<Record<string, unknown>> }>;
    expect(user!.role).toBe('user');
    expect(user!.content.map((block) => block.type)).toEqual(['text', 'text', 'image']);
    expect(user!.content[2]).toMatchObject({ type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } });
  });

  it('Gemini generateContent: an inline_data part', async () => {
    server.reply(json(200, fixtureJson('gemini/step3-final.json')));
    await gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() }).complete({ messages: attached });
    const [user] = sentBody().contents as Array<{ role: string; parts: Array<Record<string, unknown>> }>;
    expect(user!.role).toBe('user');
    expect(user!.parts[0]).toEqual({ text: 'What is on the whiteboard?' });
    const image = user!.parts[2]!;
    const inline = (image.inline_data ?? image.inlineData) as Record<string, unknown>;
    expect(inline).toEqual({ [image.inline_data ? 'mime_type' : 'mimeType']: 'image/png', data: PNG });
  });
});
