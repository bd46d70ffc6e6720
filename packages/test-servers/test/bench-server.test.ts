import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FINAL_TEXT, startBenchServer, type BenchTarget } from '../src/bench.js';

let bench: Awaited<ReturnType<typeof startBenchServer>>;
const seen: Array<[BenchTarget, number]> = [];

beforeAll(async () => {
  bench = await startBenchServer({ onRequest: (target, k) => seen.push([target, k]) });
});
afterAll(() => bench.close());

const post = (path: string, body: unknown): Promise<Response> =>
  fetch(`${bench.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const toolResults = (k: number): unknown[] => Array.from({ length: k }, () => ({ role: 'tool', content: 'x' }));

describe('the bench server', () => {
  it('answers by the number of tool results in the request: T add(k, 1) calls, then the final text', async () => {
    for (const k of [0, 1]) {
      const res = await post('/s/2/v1/chat/completions', { messages: toolResults(k) });
      const text = await res.text();
      expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength(text)));
      expect(res.headers.get('x-request-id')).toBe(`req_${k}`);
      const body = JSON.parse(text) as { choices: Array<{ message: { tool_calls: Array<{ function: { name: string; arguments: string } }> }; finish_reason: string }> };
      expect(body.choices[0]?.finish_reason).toBe('tool_calls');
      expect(body.choices[0]?.message.tool_calls[0]?.function).toEqual({ name: 'add', arguments: JSON.stringify({ a: k, b: 1 }) });
    }
    const final = (await (await post('/s/2/v1/chat/completions', { messages: toolResults(2) })).json()) as { choices: Array<{ message: { content: string } }> };
    expect(final.choices[0]?.message.content).toBe(FINAL_TEXT);
  });

  it('streams SSE when asked, and calls a named tool with {} on the tool route', async () => {
    const res = await post('/s/1/tool/list_files/v1/chat/completions', { stream: true, messages: [] });
    expect(res.headers.get('content-type')).toBe('text/event-stream');
    const text = await res.text();
    expect(text.endsWith('data: [DONE]\n\n')).toBe(true);
    expect(text).toContain('"name":"list_files"');
    const done = await (await post('/s/1/v1/chat/completions', { stream: true, messages: toolResults(1) })).text();
    expect(done).toContain('"finish_reason":"stop"');
  });

  it('speaks Anthropic and Gemini with the same script, counting their tool results', async () => {
    const anthropic = (await (await post('/s/1/v1/messages', { messages: [{ content: [{ type: 'tool_result' }] }] })).json()) as { stop_reason: string };
    expect(anthropic.stop_reason).toBe('end_turn');
    const gemini = await post('/s/1/v1beta/models/m:streamGenerateContent?alt=sse', { contents: [] });
    expect(gemini.headers.get('content-type')).toBe('text/event-stream');
    expect(await gemini.text()).toContain('"functionCall":{"name":"add","args":{"a":0,"b":1}}');
    expect(seen.at(-1)).toEqual([{ vendor: 'gemini', toolSteps: 1, stream: true }, 0]);
  });

  it('answers /echo, refuses what it does not script, and counts every request but /stats', async () => {
    const before = ((await (await fetch(`${bench.origin}/stats`)).json()) as { requests: number }).requests;
    expect(await (await post('/echo', {})).text()).toBe('{"ok":true}');
    expect((await post('/s/1/v2/unknown', {})).status).toBe(404);
    expect((await fetch(`${bench.origin}/s/1/v1/chat/completions`)).status).toBe(404);
    const after = (await (await fetch(`${bench.origin}/stats`)).json()) as { requests: number; cpuMicros: number };
    expect(after.requests).toBe(before + 3);
    expect(after.cpuMicros).toBeGreaterThan(0);
  });
});
