import { asObj, asStr, parseEventJson, streamCut, type Obj } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer, VendorStreamReader } from '../shared/http-provider.js';
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
export class AnthropicStreamReader implements VendorStreamReader {
  private readonly assembler = new MessageAssembler();
  private readonly toolIndex = new Map<number, number>();
  private usage: Record<string, unknown> = {};
  private stopReason: string | undefined;
  private responseId: string | undefined;
  private stopped = false;

  constructor(private readonly provider: string) {}

  event(event: SseEvent, out: AdapterStreamItem[]): boolean {
    if (event.event === 'ping') return false;
    const data = parseEventJson(this.provider, event.data);
    const type = asStr(data.type) ?? event.event;
    if (type === 'error') {
      const error = asObj(data.error);
      throw errorFromStreamEvent(this.provider, { type: asStr(error?.type), message: asStr(error?.message) });
    }
    if (type === 'message_start') {
      const message = asObj(data.message);
      this.responseId = asStr(message?.id);
      this.usage = { ...asObj(message?.usage) };
    } else if (type === 'content_block_start') {
      this.blockStart(data, out);
    } else if (type === 'content_block_delta') {
      this.blockDelta(data, out);
    } else if (type === 'message_delta') {
      this.stopReason = asStr(asObj(data.delta)?.stop_reason) ?? this.stopReason;
      const more = asObj(data.usage);
      if (more) for (const [key, value] of Object.entries(more)) if (typeof value === 'number') this.usage[key] = value;
    } else if (type === 'message_stop') {
      this.stopped = true;
      return true;
    }
    return false;
  }

  finish(): ParsedAnswer {
    if (!this.stopped) throw streamCut(this.provider);
    const answer: ParsedAnswer = {
      message: this.assembler.build((i) => `toolu_${i}`),
      usage: anthropicUsage(this.usage),
      finishReason: anthropicFinish(this.stopReason, this.toolIndex.size > 0),
    };
    if (this.responseId) answer.responseId = this.responseId;
    return answer;
  }

  private blockStart(data: Obj, out: AdapterStreamItem[]): void {
    const { assembler } = this;
    const index = typeof data.index === 'number' ? data.index : 0;
    const block = asObj(data.content_block);
    const kind = asStr(block?.type);
    if (kind === 'text') {
      assembler.boundary();
      const text = asStr(block?.text) ?? '';
      assembler.text(text);
      if (text) out.push({ type: 'text_delta', text });
    } else if (kind === 'thinking') {
      assembler.boundary();
      assembler.thinking(asStr(block?.thinking) ?? '', ANTHROPIC_FAMILY);
    } else if (kind === 'redacted_thinking') {
      assembler.redactedThinking(asStr(block?.data) ?? '', ANTHROPIC_FAMILY);
    } else if (kind === 'tool_use') {
      const ordinal = this.toolIndex.size;
      this.toolIndex.set(index, ordinal);
      const id = asStr(block?.id) ?? '';
      const name = asStr(block?.name) ?? '';
      assembler.toolCall(ordinal, { id, name });
      out.push({ type: 'tool_call_delta', index: ordinal, id, name, argsDelta: '' });
    }
  }

  private blockDelta(data: Obj, out: AdapterStreamItem[]): void {
    const { assembler } = this;
    const index = typeof data.index === 'number' ? data.index : 0;
    const delta = asObj(data.delta);
    const kind = asStr(delta?.type);
    if (kind === 'text_delta') {
      const text = asStr(delta?.text) ?? '';
      assembler.text(text);
      if (text) out.push({ type: 'text_delta', text });
    } else if (kind === 'thinking_delta') {
      const text = asStr(delta?.thinking) ?? '';
      assembler.thinking(text, ANTHROPIC_FAMILY);
      if (text) out.push({ type: 'thinking_delta', text });
    } else if (kind === 'signature_delta') {
      assembler.thinkingSignature(asStr(delta?.signature) ?? '', ANTHROPIC_FAMILY);
    } else if (kind === 'input_json_delta') {
      const ordinal = this.toolIndex.get(index);
      const json = asStr(delta?.partial_json) ?? '';
      if (ordinal !== undefined) {
        assembler.toolCall(ordinal, { args: json });
        if (json) out.push({ type: 'tool_call_delta', index: ordinal, argsDelta: json });
      }
    }
  }
}
