import { asArr, asObj, asStr, parseEventJson, streamCut } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';
import type { SseEvent } from '../sse/sse-parser.js';
import { openaiFinish, openaiUsage } from './parse-response.js';

/**
 * Reads a Chat Completions stream: `data:` chunks of `choices[0].delta`, usage
 * in the final chunk (`stream_options.include_usage`), then `data: [DONE]`.
 */
export async function* streamOpenAI(provider: string, events: AsyncIterable<SseEvent>): AsyncGenerator<AdapterStreamItem> {
  const assembler = new MessageAssembler();
  let done = false;
  let finish: string | undefined;
  let refused = false;
  let usageRaw: unknown;
  let responseId: string | undefined;
  // Some hosts omit `index` on tool-call deltas: a new id starts a new call, no id continues the last.
  const indexById = new Map<string, number>();
  let lastIndex = 0;
  const toolIndex = (raw: unknown, id: string | undefined): number => {
    let index: number;
    if (typeof raw === 'number') index = raw;
    else if (id !== undefined) index = indexById.get(id) ?? assembler.toolCallCount;
    else index = lastIndex;
    if (id !== undefined) indexById.set(id, index);
    lastIndex = index;
    return index;
  };
  for await (const event of events) {
    if (event.data === '[DONE]') {
      done = true;
      break;
    }
    const chunk = parseEventJson(provider, event.data);
    const error = asObj(chunk.error);
    if (error) {
      throw errorFromStreamEvent(provider, { type: asStr(error.type), code: asStr(error.code), message: asStr(error.message) });
    }
    responseId ??= asStr(chunk.id);
    const usage = chunk.usage ?? asObj(chunk.x_groq)?.usage;
    if (asObj(usage)) usageRaw = usage;
    const choice = asObj(asArr(chunk.choices)[0]);
    if (!choice) continue;
    const delta = asObj(choice.delta) ?? {};
    const reasoning = asStr(delta.reasoning_content) ?? asStr(delta.reasoning);
    if (reasoning) {
      assembler.thinking(reasoning, provider);
      yield { type: 'thinking_delta', text: reasoning };
    }
    const text = asStr(delta.content);
    if (text) {
      assembler.text(text);
      yield { type: 'text_delta', text };
    }
    const refusal = asStr(delta.refusal);
    if (refusal) {
      refused = true;
      assembler.text(refusal);
      yield { type: 'text_delta', text: refusal };
    }
    for (const raw of asArr(delta.tool_calls)) {
      const call = asObj(raw);
      if (!call) continue;
      const fn = asObj(call.function);
      const id = asStr(call.id);
      const index = toolIndex(call.index, id);
      const name = asStr(fn?.name);
      const args = asStr(fn?.arguments) ?? '';
      assembler.toolCall(index, { ...(id ? { id } : {}), ...(name ? { name } : {}), args });
      yield { type: 'tool_call_delta', index, ...(id ? { id } : {}), ...(name ? { name } : {}), argsDelta: args };
    }
    const reason = asStr(choice.finish_reason);
    if (reason) finish = reason;
  }
  if (!done && finish === undefined) throw streamCut(provider);
  const answer: ParsedAnswer = {
    message: assembler.build((i) => `call_${i}`),
    usage: openaiUsage(usageRaw),
    finishReason: openaiFinish(finish, assembler.toolCallCount > 0, refused),
  };
  if (responseId) answer.responseId = responseId;
  yield { type: 'done', answer };
}
