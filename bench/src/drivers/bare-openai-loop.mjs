// The hand-built Chat Completions loop shared by the bare drivers: messages built by hand,
// one request per step, the tool run inline. `post(url, body, stream)` is the only part
// that differs between undici.request, node:http and fetch; it resolves to the parsed
// assistant message ({ content, tool_calls }).
import { TextDecoder } from 'node:util';
import { ADD_SCHEMA, API_KEY, MODEL, SYSTEM, TASK, add } from './task.mjs';

const TOOLS = [{ type: 'function', function: { name: 'add', description: 'Adds two numbers.', parameters: ADD_SCHEMA } }];
export const HEADERS = { 'content-type': 'application/json', authorization: `Bearer ${API_KEY}` };

/**
 * `journal`, when given, is called with each tool call before it runs and with its result after
 * (the floor driver writes and fdatasyncs each: the write-ahead minimum of a durable harness).
 */
export async function bareLoop(url, stream, post, journal) {
  const messages = [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: TASK },
  ];
  let toolCalls = 0;
  for (;;) {
    const body = JSON.stringify({ model: MODEL, messages, tools: TOOLS, ...(stream ? { stream: true, stream_options: { include_usage: true } } : {}) });
    const message = await post(url, body, stream);
    messages.push({ role: 'assistant', content: message.content ?? null, ...(message.tool_calls?.length ? { tool_calls: message.tool_calls } : {}) });
    if (!message.tool_calls?.length) return { toolCalls, output: message.content };
    for (const call of message.tool_calls) {
      toolCalls += 1;
      if (journal) await journal({ call });
      const content = add(JSON.parse(call.function.arguments));
      if (journal) await journal({ callId: call.id, content });
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
}

export function messageOfJson(json) {
  return json.choices[0].message;
}

/** Minimal incremental SSE → assistant message accumulator (what a careful hand-rolled client does). */
export function createSseAccumulator() {
  const decoder = new TextDecoder();
  let buffer = '';
  let content = '';
  const calls = [];
  function line(text) {
    if (!text.startsWith('data:')) return;
    const data = text.slice(5).trim();
    if (data === '[DONE]' || data === '') return;
    const chunk = JSON.parse(data);
    const delta = chunk.choices[0]?.delta;
    if (!delta) return;
    if (delta.content) content += delta.content;
    for (const tc of delta.tool_calls ?? []) {
      const slot = (calls[tc.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
      if (tc.id) slot.id = tc.id;
      if (tc.function?.name) slot.function.name += tc.function.name;
      if (tc.function?.arguments) slot.function.arguments += tc.function.arguments;
    }
  }
  return {
    push(bytes) {
      buffer += typeof bytes === 'string' ? bytes : decoder.decode(bytes, { stream: true });
      let nl = buffer.indexOf('\n');
      while (nl !== -1) {
        line(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
        nl = buffer.indexOf('\n');
      }
    },
    end() {
      if (buffer) line(buffer);
      return { content: content || null, tool_calls: calls };
    },
  };
}
