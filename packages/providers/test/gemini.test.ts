import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toolCallsOf, toolResult, userMessage, type Message, type StreamPart } from '@warden/protocol';
import { gemini } from '../src/index.js';
import { FAKE_KEY, fixture, fixtureJson, json, sse, startServer, testTransport, type VendorServer } from './helpers/vendor-server.js';

let server: VendorServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const tools = ['get_weather', 'convert_units', 'get_time'].map((name) => ({ name, description: name, inputSchema: { type: 'object' } }));

describe('Gemini generateContent', () => {
  it('keeps thought signatures through a multi-step tool loop with thinking', async () => {
    server.reply(
      json(200, fixtureJson('gemini/step1-function-call.json')),
      json(200, fixtureJson('gemini/step2-function-call.json')),
      json(200, fixtureJson('gemini/step3-final.json')),
      json(200, fixtureJson('gemini/step3-final.json')),
    );
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: `${server.url}/v1beta`, thinking: { includeThoughts: true }, ...testTransport() });
    const history: Message[] = [{ role: 'system', parts: [{ type: 'text', text: 'Use tools.' }] }, userMessage('Weather and time in Lisbon, in °F?')];
    const results: Record<string, string> = { get_weather: '21 °C', convert_units: '69.8 °F', get_time: '14:05' };
    const finishes: string[] = [];
    for (let step = 0; step < 3; step += 1) {
      const response = await provider.complete({ messages: history, tools });
      finishes.push(response.finishReason);
      history.push(response.message);
      const calls = toolCallsOf(response.message);
      if (calls.length > 0) history.push({ role: 'tool', parts: calls.map((c) => toolResult(c.id, c.name, results[c.name] ?? '?')) });
    }
    history.push(userMessage('thanks'));
    await provider.complete({ messages: history, tools });
    expect(finishes).toEqual(['tool_calls', 'tool_calls', 'stop']);

    const first = server.requests.at(-4);
    expect(first?.url).toBe('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(first?.headers['x-goog-api-key']).toBe(FAKE_KEY);
    expect(first?.body).toMatchObject({
      systemInstruction: { parts: [{ text: 'Use tools.' }] },
      tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object' } }, {}, {}] }],
      generationConfig: { thinkingConfig: { includeThoughts: true } },
    });
    const last = server.requests.at(-1)?.body as { contents: unknown[] };
    expect(last.contents).toEqual([
      { role: 'user', parts: [{ text: 'Weather and time in Lisbon, in °F?' }] },
      { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Lisbon' } }, thoughtSignature: 'CiQB0e2Kb_SIGNATURE_STEP_ONE_aGVsbG8gd29ybGQ=' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { result: '21 °C' } } }] },
      {
        role: 'model',
        parts: [
          { functionCall: { name: 'convert_units', args: { celsius: 21 } }, thoughtSignature: 'CiQB0e2Kb_SIGNATURE_STEP_TWO_Zm9vYmFy' },
          { functionCall: { name: 'get_time', args: { city: 'Lisbon' } } },
        ],
      },
      {
        role: 'user',
        parts: [{ functionResponse: { name: 'convert_units', response: { result: '69.8 °F' } } }, { functionResponse: { name: 'get_time', response: { result: '14:05' } } }],
      },
      { role: 'model', parts: [{ text: 'Lisbon: 21 °C (69.8 °F) at 14:05.', thoughtSignature: 'CiQB0e2Kb_SIGNATURE_STEP_THREE_YmF6' }] },
      { role: 'user', parts: [{ text: 'thanks' }] },
    ]);
    const step1 = history[2] as Message;
    expect(step1.parts[0]).toEqual({ type: 'thinking', text: '**Planning** I need the weather first.', provider: 'gemini' });
  });

  it('normalizes usage: thoughts count as output and reasoning, cached content as cache reads', async () => {
    server.reply(json(200, fixtureJson('gemini/step2-function-call.json')));
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() });
    const response = await provider.complete({ messages: [userMessage('x')] });
    expect(response.usage).toEqual({ inputTokens: 260, outputTokens: 70, cacheReadTokens: 100, cacheWriteTokens: 0, reasoningTokens: 40 });
    expect(response.requestId).toBe('resp-step-2');
    expect(response.costUsd).toBeCloseTo((160 * 0.3 + 100 * 0.075 + 70 * 2.5) / 1e6, 12);
  });

  it.each([3, 13])('streams thoughts, text and a signed function call split every %i bytes', async (chunkBytes) => {
    server.reply(sse(fixture('gemini/stream-function-call.sse'), { chunkBytes }));
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() });
    const parts: StreamPart[] = [];
    for await (const part of provider.stream({ messages: [userMessage('Zürich?')], tools })) parts.push(part);
    expect(server.requests.at(-1)?.url).toBe('/models/gemini-2.5-flash:streamGenerateContent?alt=sse');
    expect(parts.slice(0, 3)).toMatchObject([
      { type: 'thinking_delta', text: 'Thinking about Zürich…' },
      { type: 'text_delta', text: 'Grüezi! Checking the weather ☀️' },
      { type: 'tool_call_delta', index: 0, name: 'get_weather', argsDelta: '{"city":"Zürich"}' },
    ]);
    const finish = parts.at(-1);
    if (finish?.type !== 'finish') throw new Error('no finish');
    expect(finish.response.finishReason).toBe('tool_calls');
    expect(finish.response.usage).toMatchObject({ inputTokens: 31, outputTokens: 32, reasoningTokens: 20 });
    expect(finish.response.message.parts[2]).toMatchObject({ type: 'tool_call', name: 'get_weather', args: { city: 'Zürich' }, meta: { thoughtSignature: 'CiQB_STREAM_SIGNATURE_xyz' } });
  });

  it('reads a blocked prompt as content_filter', async () => {
    server.reply(json(200, { promptFeedback: { blockReason: 'SAFETY' }, usageMetadata: { promptTokenCount: 4 } }));
    const provider = gemini({ apiKey: FAKE_KEY, model: 'gemini-2.5-flash', baseURL: server.url, ...testTransport() });
    const response = await provider.complete({ messages: [userMessage('x')] });
    expect(response.finishReason).toBe('content_filter');
    expect(response.message.parts).toEqual([]);
  });
});
