import type { AssistantMessage, JsonObject } from '@warden/protocol';
import { resendItem } from './convert-input.js';
import { isBuiltinCallItem } from './output-items.js';

/** A built-in tool call the Responses API made (web search, file search, code interpreter, MCP…). */
export interface ResponsesBuiltinCall {
  /** The item type: `web_search_call`, `file_search_call`, `code_interpreter_call`, … */
  type: string;
  id?: string;
  status?: string;
  /** The whole item as the vendor sent it. */
  item: JsonObject;
}

/**
 * The built-in tool calls in an assistant message from `openaiResponses`. They ride in the
 * message as thinking parts (so the agent loop never executes them, and they go back to the
 * API unchanged on the next call); this reads them out.
 */
export function responsesBuiltinCalls(message: AssistantMessage): ResponsesBuiltinCall[] {
  const out: ResponsesBuiltinCall[] = [];
  for (const part of message.parts) {
    if (part.type !== 'thinking') continue;
    const item = resendItem(part);
    const type = typeof item?.type === 'string' ? item.type : undefined;
    if (!item || !isBuiltinCallItem(type)) continue;
    const call: ResponsesBuiltinCall = { type: type as string, item: item as JsonObject };
    if (typeof item.id === 'string') call.id = item.id;
    if (typeof item.status === 'string') call.status = item.status;
    out.push(call);
  }
  return out;
}
