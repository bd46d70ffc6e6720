import { asObj, asStr, parseEventJson, streamCut } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';
import type { SseEvent } from '../sse/sse-parser.js';
import { ANTHROPIC_FAMILY } from './convert-messages.js';
import { anthropicFinish, anthropicUsage } from './parse-response.js';

/**
 * Reads a Messages stream: `message_start`, content blocks (`text_delta`,
 * `thinking_delta`, `signature_delta`, `input_json_delta`), `message_delta`
 * with the stop reason and output usage, then `message_stop`.
 */
export async function* streamAnthropic(provider: string, events: AsyncIterable<SseEvent>): AsyncGenerator<AdapterStreamItem> {
  const assembler = new MessageAssembler();
  const toolIndex = new Map<number, number>();
  let usage: Record<string, unknown> = {};
  let stopReason: string | undefined;
  let responseId: string | undefined;
  let stopped = false;
  for await (const event of events) {
    if (event.event === 'ping') continue;
    const data = parseEventJson(provider, event.data);
    const type = asStr(data.type) ?? event.event;
    if (type === 'error') {
      const error = asObj(data.error);
      throw errorFromStreamEvent(provider, { type: asStr(error?.type), message: asStr(error?.message) });
    }
    if (type === 'message_start') {
      const message = asObj(data.message);
      responseId = asStr(message?.id);
      usage = { ...asObj(message?.usage) };
    } else if (type === 'content_block_start') {
      const index = typeof data.index === 'number' ? data.index : 0;
      const block = asObj(data.content_block);
      const kind = asStr(block?.type);
      if (kind === 'text') {
        assembler.boundary();
        const text = asStr(block?.text) ?? '';
        assembler.text(text);
        if (text) yield { type: 'text_delta', text };
      } else if (kind === 'thinking') {
        assembler.boundary();
        assembler.thinking(asStr(block?.thinking) ?? '', ANTHROPIC_FAMILY);
      } else if (kind === 'redacted_thinking') {
        assembler.redactedThinking(asStr(block?.data) ?? '', ANTHROPIC_FAMILY);
      } else if (kind === 'tool_use') {
        const ordinal = toolIndex.size;
        toolIndex.set(index, ordinal);
        const id = asStr(block?.id) ?? '';
        const name = asStr(block?.name) ?? '';
        assembler.toolCall(ordinal, { id, name });
        yield { type: 'tool_call_delta', index: ordinal, id, name, argsDelta: '' };
      }
    } else if (type === 'content_block_delta') {
      const index = typeof data.index === 'number' ? data.index : 0;
      const delta = asObj(data.delta);
      const kind = asStr(delta?.type);
      if (kind === 'text_delta') {
        const text = asStr(delta?.text) ?? '';
        assembler.text(text);
        if (text) yield { type: 'text_delta', text };
      } else if (kind === 'thinking_delta') {
        const text = asStr(delta?.thinking) ?? '';
        assembler.thinking(text, ANTHROPIC_FAMILY);
        if (text) yield { type: 'thinking_delta', text };
      } else if (kind === 'signature_delta') {
        assembler.thinkingSignature(asStr(delta?.signature) ?? '', ANTHROPIC_FAMILY);
      } else if (kind === 'input_json_delta') {
        const ordinal = toolIndex.get(index);
        const json = asStr(delta?.partial_json) ?? '';
        if (ordinal !== undefined) {
          assembler.toolCall(ordinal, { args: json });
          if (json) yield { type: 'tool_call_delta', index: ordinal, argsDelta: json };
        }
      }
    } else if (type === 'message_delta') {
      stopReason = asStr(asObj(data.delta)?.stop_reason) ?? stopReason;
      const more = asObj(data.usage);
      if (more) for (const [key, value] of Object.entries(more)) if (typeof value === 'number') usage[key] = value;
    } else if (type === 'message_stop') {
      stopped = true;
      break;
    }
  }
  if (!stopped) throw streamCut(provider);
  const answer: ParsedAnswer = {
    message: assembler.build((i) => `toolu_${i}`),
    usage: anthropicUsage(usage),
    finishReason: anthropicFinish(stopReason, toolIndex.size > 0),
  };
  if (responseId) answer.responseId = responseId;
  yield { type: 'done', answer };
}
