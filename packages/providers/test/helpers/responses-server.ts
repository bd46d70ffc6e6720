import { ssePayload } from './vendor-server.js';

type Obj = Record<string, unknown>;

/** A Responses API `response` object around `output` items. */
export function responseObject(output: Obj[], extra: Obj = {}): Obj {
  return {
    id: 'resp_test_1',
    object: 'response',
    created_at: 1_760_000_000,
    status: 'completed',
    model: 'o4-mini-2025-04-16',
    output,
    usage: { input_tokens: 120, input_tokens_details: { cached_tokens: 100 }, output_tokens: 40, output_tokens_details: { reasoning_tokens: 25 }, total_tokens: 160 },
    ...extra,
  };
}

/**
 * The event sequence the Responses API streams for `response`: `response.created`, then per
 * output item `output_item.added`, its deltas (reasoning summary text, output text, function
 * call arguments, in small pieces) and `output_item.done`, then `response.completed`
 * (or `response.incomplete`), each with a `sequence_number`.
 */
export function responsesStream(response: Obj, options: { pieces?: number } = {}): string {
  const events: Obj[] = [];
  const pieces = options.pieces ?? 3;
  const split = (text: string): string[] => {
    const size = Math.max(1, Math.ceil(text.length / pieces));
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  };
  events.push({ type: 'response.created', response: { ...response, status: 'in_progress', output: [] } });
  events.push({ type: 'response.in_progress', response: { ...response, status: 'in_progress', output: [] } });
  (response.output as Obj[]).forEach((item, outputIndex) => {
    const id = item.id;
    const type = item.type;
    const start: Obj = type === 'function_call' ? { ...item, arguments: '', status: 'in_progress' } : type === 'message' ? { ...item, content: [], status: 'in_progress' } : type === 'reasoning' ? { ...item, summary: [] } : { ...item, status: 'in_progress' };
    events.push({ type: 'response.output_item.added', output_index: outputIndex, item: start });
    if (type === 'reasoning') {
      (item.summary as Obj[]).forEach((summary, summaryIndex) => {
        events.push({ type: 'response.reasoning_summary_part.added', item_id: id, output_index: outputIndex, summary_index: summaryIndex, part: { type: 'summary_text', text: '' } });
        for (const delta of split(summary.text as string)) events.push({ type: 'response.reasoning_summary_text.delta', item_id: id, output_index: outputIndex, summary_index: summaryIndex, delta });
        events.push({ type: 'response.reasoning_summary_text.done', item_id: id, output_index: outputIndex, summary_index: summaryIndex, text: summary.text });
      });
    } else if (type === 'message') {
      (item.content as Obj[]).forEach((content, contentIndex) => {
        events.push({ type: 'response.content_part.added', item_id: id, output_index: outputIndex, content_index: contentIndex, part: { ...content, text: '' } });
        const isRefusal = content.type === 'refusal';
        const text = (isRefusal ? content.refusal : content.text) as string;
        for (const delta of split(text)) events.push({ type: isRefusal ? 'response.refusal.delta' : 'response.output_text.delta', item_id: id, output_index: outputIndex, content_index: contentIndex, delta });
        events.push({ type: isRefusal ? 'response.refusal.done' : 'response.output_text.done', item_id: id, output_index: outputIndex, content_index: contentIndex, text });
        events.push({ type: 'response.content_part.done', item_id: id, output_index: outputIndex, content_index: contentIndex, part: content });
      });
    } else if (type === 'function_call') {
      for (const delta of split(item.arguments as string)) events.push({ type: 'response.function_call_arguments.delta', item_id: id, output_index: outputIndex, delta });
      events.push({ type: 'response.function_call_arguments.done', item_id: id, output_index: outputIndex, arguments: item.arguments });
    } else if (type === 'web_search_call') {
      events.push({ type: 'response.web_search_call.in_progress', item_id: id, output_index: outputIndex });
      events.push({ type: 'response.web_search_call.searching', item_id: id, output_index: outputIndex });
      events.push({ type: 'response.web_search_call.completed', item_id: id, output_index: outputIndex });
    }
    events.push({ type: 'response.output_item.done', output_index: outputIndex, item });
  });
  events.push({ type: response.status === 'incomplete' ? 'response.incomplete' : 'response.completed', response });
  return ssePayload(events.map((data, sequence) => ({ event: data.type as string, data: { ...data, sequence_number: sequence } })));
}

export const reasoningItem = (id: string, summary: string, encrypted = `gAAAA-encrypted-${id}`): Obj => ({
  type: 'reasoning',
  id,
  summary: [{ type: 'summary_text', text: summary }],
  encrypted_content: encrypted,
});

export const functionCallItem = (id: string, callId: string, name: string, args: unknown): Obj => ({
  type: 'function_call',
  id,
  call_id: callId,
  name,
  arguments: JSON.stringify(args),
  status: 'completed',
});

export const messageItem = (id: string, text: string): Obj => ({
  type: 'message',
  id,
  role: 'assistant',
  status: 'completed',
  content: [{ type: 'output_text', text, annotations: [] }],
});

export const webSearchItem = (id: string, query: string): Obj => ({
  type: 'web_search_call',
  id,
  status: 'completed',
  action: { type: 'search', query },
});
