import { asArr, asObj, asStr, parseEventJson, streamCut } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer, VendorStreamReader } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';
import type { SseEvent } from '../sse/sse-parser.js';
import { openaiFinish, openaiUsage } from './parse-response.js';

/**
 * Reads a Chat Completions stream: `data:` chunks of `choices[0].delta`, usage
 * in the final chunk (`stream_options.include_usage`), then `data: [DONE]`.
 */
export class OpenAIStreamReader implements VendorStreamReader {
  private readonly assembler = new MessageAssembler();
  private done = false;
  private reason: string | undefined;
  private refused = false;
  private usageRaw: unknown;
  private responseId: string | undefined;
  // Some hosts omit `index` on tool-call deltas: a new id starts a new call, no id continues the last.
  private readonly indexById = new Map<string, number>();
  private lastIndex = 0;

  constructor(private readonly provider: string) {}

  event(event: SseEvent, out: AdapterStreamItem[]): boolean {
    if (event.data === '[DONE]') {
      this.done = true;
      return true;
    }
    const chunk = parseEventJson(this.provider, event.data);
    const error = asObj(chunk.error);
    if (error) {
      throw errorFromStreamEvent(this.provider, { type: asStr(error.type), code: asStr(error.code), message: asStr(error.message) });
    }
    this.responseId ??= asStr(chunk.id);
    const usage = chunk.usage ?? asObj(chunk.x_groq)?.usage;
    if (asObj(usage)) this.usageRaw = usage;
    const choice = asObj(asArr(chunk.choices)[0]);
    if (!choice) return false;
    this.delta(asObj(choice.delta) ?? {}, out);
    const reason = asStr(choice.finish_reason);
    if (reason) this.reason = reason;
    return false;
  }


  private delta(delta: Record<string, unknown>, out: AdapterStreamItem[]): void {
    const { assembler } = this;
    const reasoning = asStr(delta.reasoning_content) ?? asStr(delta.reasoning);
    if (reasoning) {
      assembler.thinking(reasoning, this.provider);
      out.push({ type: 'thinking_delta', text: reasoning });
    }
    const text = asStr(delta.content);
    if (text) {
      assembler.text(text);
      out.push({ type: 'text_delta', text });
    }
    const refusal = asStr(delta.refusal);
    if (refusal) {
      this.refused = true;
      assembler.text(refusal);
      out.push({ type: 'text_delta', text: refusal });
    }
    const calls = delta.tool_calls;
    if (!Array.isArray(calls)) return;
    for (const raw of calls) {
      const call = asObj(raw);
      if (!call) continue;
      const fn = asObj(call.function);
      const id = asStr(call.id);
      const index = this.toolIndex(call.index, id);
      const name = asStr(fn?.name);
      const args = asStr(fn?.arguments) ?? '';
      // Plain assignments, not spreads: this runs for every delta of every streamed call.
      assembler.toolCall(index, { id, name, args });
      const part: AdapterStreamItem = { type: 'tool_call_delta', index, argsDelta: args };
      if (id) part.id = id;
      if (name) part.name = name;
      out.push(part);
    }
  }

  private toolIndex(raw: unknown, id: string | undefined): number {
    let index: number;
    if (typeof raw === 'number') index = raw;
    else if (id !== undefined) index = this.indexById.get(id) ?? this.assembler.toolCallCount;
    else index = this.lastIndex;
    if (id !== undefined) this.indexById.set(id, index);
    this.lastIndex = index;
    return index;
  }

  finish(): ParsedAnswer {
    if (!this.done && this.reason === undefined) throw streamCut(this.provider);
    const answer: ParsedAnswer = {
      message: this.assembler.build((i) => `call_${i}`),
      usage: openaiUsage(this.usageRaw),
      finishReason: openaiFinish(this.reason, this.assembler.toolCallCount > 0, this.refused),
    };
    if (this.responseId) answer.responseId = this.responseId;
    return answer;
  }
}
