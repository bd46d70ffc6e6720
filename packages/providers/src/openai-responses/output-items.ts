import { emptyUsage, type AssistantMessage, type FinishReason, type ThinkingPart, type Usage } from '@warden/protocol';
import { asArr, asNum, asObj, asStr, badResponse, type Obj } from '../shared/guards.js';
import type { ParsedAnswer } from '../shared/http-provider.js';
import { parseToolArgs } from '../shared/tool-args.js';
import { RESPONSES_FAMILY } from './convert-input.js';

/** Output item types that are ordinary content; every other `*_call` item is a built-in tool the vendor ran (or asks to run). */
const CONTENT_ITEMS = new Set(['message', 'reasoning', 'function_call']);

export function isBuiltinCallItem(type: string | undefined): boolean {
  return type !== undefined && !CONTENT_ITEMS.has(type) && (type.endsWith('_call') || type.startsWith('mcp_'));
}

export function responsesUsage(raw: unknown): Usage {
  const usage = asObj(raw);
  if (!usage) return emptyUsage();
  return {
    inputTokens: asNum(usage.input_tokens),
    outputTokens: asNum(usage.output_tokens),
    cacheReadTokens: asNum(asObj(usage.input_tokens_details)?.cached_tokens),
    cacheWriteTokens: 0,
    reasoningTokens: asNum(asObj(usage.output_tokens_details)?.reasoning_tokens),
  };
}

/** The reasoning text of a reasoning item: its summaries, else its raw reasoning text. */
function reasoningText(item: Obj): string {
  const summary = asArr(item.summary).flatMap((s) => (asStr(asObj(s)?.text) !== undefined ? [asStr(asObj(s)?.text) as string] : []));
  if (summary.length > 0) return summary.join('\n\n');
  return asArr(item.content)
    .flatMap((c) => (asStr(asObj(c)?.text) !== undefined ? [asStr(asObj(c)?.text) as string] : []))
    .join('');
}

/**
 * A reasoning item as a thinking part. `signature` is the item id; `redactedData` holds the item
 * to send back (id, summary and encrypted content), present when it can be resolved again:
 * with `encrypted_content`, or when responses are stored server-side.
 */
function reasoningPart(item: Obj, stored: boolean): ThinkingPart {
  const part: ThinkingPart = { type: 'thinking', text: reasoningText(item), provider: RESPONSES_FAMILY };
  const id = asStr(item.id);
  if (id) part.signature = id;
  const encrypted = asStr(item.encrypted_content);
  if (id && (encrypted !== undefined || stored)) {
    const resend: Obj = { type: 'reasoning', id, summary: asArr(item.summary) };
    if (encrypted !== undefined) resend.encrypted_content = encrypted;
    part.redactedData = JSON.stringify(resend);
  }
  return part;
}

/** A one-line account of a built-in call for people (`[web_search_call completed] {"query":"…"}`). */
function describeBuiltin(item: Obj): string {
  const type = asStr(item.type) ?? 'builtin_call';
  const status = asStr(item.status);
  const detail = asObj(item.action) ?? (asStr(item.code) !== undefined ? { code: item.code } : asArr(item.queries).length > 0 ? { queries: item.queries } : undefined);
  const name = asStr(item.name);
  return `[${type}${status ? ` ${status}` : ''}]${name ? ` ${name}` : ''}${detail ? ` ${JSON.stringify(detail).slice(0, 500)}` : ''}`;
}

/** A built-in tool call (web search, file search, code interpreter…): surfaced, never executed by the loop. */
function builtinPart(item: Obj): ThinkingPart {
  const part: ThinkingPart = { type: 'thinking', text: describeBuiltin(item), provider: RESPONSES_FAMILY, redactedData: JSON.stringify(item) };
  const id = asStr(item.id);
  if (id) part.signature = id;
  return part;
}

export interface OutputRead {
  message: AssistantMessage;
  toolCalls: number;
  refused: boolean;
}

/** Reads a response's `output` items into one assistant message, in their order. */
export function readOutputItems(provider: string, items: readonly unknown[], stored: boolean): OutputRead {
  const parts: AssistantMessage['parts'] = [];
  let toolCalls = 0;
  let refused = false;
  for (const raw of items) {
    const item = asObj(raw);
    const type = asStr(item?.type);
    if (!item || !type) continue;
    if (type === 'message') {
      for (const rawContent of asArr(item.content)) {
        const content = asObj(rawContent);
        const kind = asStr(content?.type);
        const text = kind === 'output_text' ? asStr(content?.text) : kind === 'refusal' ? asStr(content?.refusal) : undefined;
        if (kind === 'refusal') refused = true;
        if (text) {
          const last = parts.at(-1);
          if (last?.type === 'text') last.text += text;
          else parts.push({ type: 'text', text });
        }
      }
    } else if (type === 'reasoning') {
      parts.push(reasoningPart(item, stored));
    } else if (type === 'function_call') {
      const name = asStr(item.name);
      if (!name) throw badResponse(provider, 'a function_call item has no name');
      const itemId = asStr(item.id);
      const { args, meta } = parseToolArgs(asStr(item.arguments) ?? '', itemId ? { itemId } : undefined);
      const id = asStr(item.call_id) ?? itemId ?? `call_${toolCalls}`;
      parts.push(meta ? { type: 'tool_call', id, name, args, meta } : { type: 'tool_call', id, name, args });
      toolCalls += 1;
    } else if (isBuiltinCallItem(type)) {
      parts.push(builtinPart(item));
    }
  }
  return { message: { role: 'assistant', parts }, toolCalls, refused };
}

export function responsesFinish(response: Obj, read: OutputRead): FinishReason {
  if (read.refused) return 'refusal';
  if (asStr(response.status) === 'incomplete') {
    const reason = asStr(asObj(response.incomplete_details)?.reason);
    if (reason === 'content_filter') return 'content_filter';
    return 'length';
  }
  return read.toolCalls > 0 ? 'tool_calls' : 'stop';
}

/** A whole `response` object (the non-streaming body, or the one `response.completed` carries). */
export function parseResponseObject(provider: string, response: Obj, stored: boolean, items?: readonly unknown[]): ParsedAnswer {
  const output = Array.isArray(response.output) && response.output.length > 0 ? response.output : items;
  if (!output) throw badResponse(provider, 'no output array');
  const read = readOutputItems(provider, output, stored);
  const answer: ParsedAnswer = { message: read.message, usage: responsesUsage(response.usage), finishReason: responsesFinish(response, read) };
  const id = asStr(response.id);
  if (id) answer.responseId = id;
  return answer;
}
