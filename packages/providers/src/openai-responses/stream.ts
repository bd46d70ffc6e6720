import { asObj, asStr, parseEventJson, streamCut, type Obj } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer, VendorStreamReader } from '../shared/http-provider.js';
import { errorFromStreamEvent } from '../shared/stream-error.js';
import type { SseEvent } from '../sse/sse-parser.js';
import { parseResponseObject } from './output-items.js';
import { failedResponseError } from './response-error.js';

/**
 * Reads a Responses API stream. Deltas (`response.output_text.delta`,
 * `response.reasoning_summary_text.delta`, `response.function_call_arguments.delta`…) become
 * stream parts as they come; the final message is read from the finished items
 * (`response.output_item.done`, or the `response` that `response.completed` carries), so a
 * streamed answer and a non-streamed one are the same message. The stream ends at
 * `response.completed` or `response.incomplete`; `response.failed` and `error` raise.
 */
export class ResponsesStreamReader implements VendorStreamReader {
  private readonly items = new Map<number, unknown>();
  /** output_index → the tool call's ordinal among this answer's calls. */
  private readonly toolIndex = new Map<number, number>();
  private final: Obj | undefined;

  constructor(
    private readonly provider: string,
    private readonly stored: boolean,
  ) {}

  event(event: SseEvent, out: AdapterStreamItem[]): boolean {
    const data = parseEventJson(this.provider, event.data);
    const type = asStr(data.type) ?? event.event;
    switch (type) {
      case 'response.output_text.delta':
      case 'response.refusal.delta': {
        const text = asStr(data.delta);
        if (text) out.push({ type: 'text_delta', text });
        return false;
      }
      case 'response.reasoning_summary_text.delta':
      case 'response.reasoning_text.delta': {
        const text = asStr(data.delta);
        if (text) out.push({ type: 'thinking_delta', text });
        return false;
      }
      case 'response.output_item.added': {
        const item = asObj(data.item);
        if (asStr(item?.type) !== 'function_call') return false;
        const index = this.toolIndex.size;
        this.toolIndex.set(outputIndex(data), index);
        const part: AdapterStreamItem = { type: 'tool_call_delta', index, argsDelta: asStr(item?.arguments) ?? '' };
        const id = asStr(item?.call_id);
        const name = asStr(item?.name);
        if (id) part.id = id;
        if (name) part.name = name;
        out.push(part);
        return false;
      }
      case 'response.function_call_arguments.delta': {
        const index = this.toolIndex.get(outputIndex(data));
        const delta = asStr(data.delta);
        if (index !== undefined && delta) out.push({ type: 'tool_call_delta', index, argsDelta: delta });
        return false;
      }
      case 'response.output_item.done':
        this.items.set(outputIndex(data), data.item);
        return false;
      case 'response.completed':
      case 'response.incomplete':
        this.final = asObj(data.response) ?? {};
        return true;
      case 'response.failed':
        throw failedResponseError(this.provider, asObj(data.response));
      case 'error':
        throw errorFromStreamEvent(this.provider, { code: asStr(data.code), message: asStr(data.message) });
      default:
        return false;
    }
  }

  finish(): ParsedAnswer {
    if (!this.final) throw streamCut(this.provider);
    const items = [...this.items.entries()].sort((a, b) => a[0] - b[0]).map(([, item]) => item);
    return parseResponseObject(this.provider, this.final, this.stored, items);
  }
}

function outputIndex(data: Obj): number {
  return typeof data.output_index === 'number' ? data.output_index : 0;
}
