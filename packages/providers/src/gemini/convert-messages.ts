import type { ImagePart, Message, ModelRequest, TextPart } from '@warden/protocol';
import { mergedTurns, mergedTurnsJson, type TurnJson } from '../shared/turns-json.js';

type Obj = Record<string, unknown>;

/** The vendor tag on Gemini thinking parts. */
export const GEMINI_FAMILY = 'gemini';
/** Prefix of call ids Warden made up because Gemini sent none; they are not sent back. */
export const SYNTHETIC_CALL_PREFIX = 'gcall_';

function userPart(part: TextPart | ImagePart): Obj {
  if (part.type === 'text') return { text: part.text };
  return part.url !== undefined ? { fileData: { mimeType: part.mediaType, fileUri: part.url } } : { inlineData: { mimeType: part.mediaType, data: part.data ?? '' } };
}

/** One neutral message as a Gemini turn: its role and parts (none for a system message). */
function geminiTurn(message: Message): { role: 'user' | 'model'; items: Obj[] } | null {
  switch (message.role) {
    case 'system':
      return null;
    case 'user':
      return { role: 'user', items: message.parts.map(userPart) };
    case 'assistant': {
      const parts: Obj[] = [];
      let pending: string | undefined;
      const sign = (part: Obj): Obj => {
        if (pending !== undefined && part.thoughtSignature === undefined) part.thoughtSignature = pending;
        pending = undefined;
        return part;
      };
      for (const part of message.parts) {
        if (part.type === 'thinking') {
          if (part.provider === GEMINI_FAMILY && part.signature !== undefined) pending = part.signature;
        } else if (part.type === 'text') {
          parts.push(sign({ text: part.text }));
        } else {
          const call: Obj = { name: part.name, args: part.args };
          if (!part.id.startsWith(SYNTHETIC_CALL_PREFIX)) call.id = part.id;
          const entry: Obj = { functionCall: call };
          const signature = part.meta?.thoughtSignature;
          if (typeof signature === 'string') entry.thoughtSignature = signature;
          parts.push(sign(entry));
        }
      }
      if (pending !== undefined) parts.push({ text: '', thoughtSignature: pending });
      return { role: 'model', items: parts };
    }
    case 'tool':
      return {
        role: 'user',
        items: message.parts.map((part) => {
          const text = part.content.map((c) => (c.type === 'text' ? c.text : `[image omitted: ${c.mediaType}]`)).join('\n');
          const response: Obj = { name: part.name, response: part.isError ? { error: text } : { result: text } };
          if (!part.callId.startsWith(SYNTHETIC_CALL_PREFIX)) response.id = part.callId;
          return { functionResponse: response };
        }),
      };
  }
}

/** The system messages as Gemini's `systemInstruction`, or undefined when there are none. */
export function geminiSystemInstruction(messages: readonly Message[]): Obj | undefined {
  const parts: Obj[] = [];
  for (const message of messages) if (message.role === 'system') for (const part of message.parts) parts.push({ text: part.text });
  return parts.length > 0 ? { parts } : undefined;
}

/**
 * Neutral messages → Gemini `contents` + `systemInstruction`. Thought
 * signatures go back exactly where Gemini put them: on the function call
 * (from `tool_call.meta.thoughtSignature`) or on the part that followed a
 * signed thinking part. Thought summaries themselves are not resent, and
 * thinking from other vendors is dropped.
 */
export function toGeminiContents(messages: readonly Message[]): { system: Obj | undefined; contents: Obj[] } {
  return { system: geminiSystemInstruction(messages), contents: mergedTurns(messages, geminiTurn, 'parts') };
}

/** The same `contents` as JSON text built from each message's cached parts (see `mergedTurnsJson`). */
export function geminiContentsJson(messages: readonly Message[], cache: WeakMap<Message, TurnJson | null>): string {
  return mergedTurnsJson(messages, cache, geminiTurn, 'parts');
}

export function toGeminiTools(request: ModelRequest): Obj {
  const out: Obj = {};
  if (request.tools && request.tools.length > 0) {
    out.tools = [
      { functionDeclarations: request.tools.map((t) => ({ name: t.name, description: t.description, parametersJsonSchema: t.inputSchema })) },
    ];
  }
  const choice = request.toolChoice;
  if (choice !== undefined) {
    out.toolConfig = {
      functionCallingConfig:
        typeof choice === 'object'
          ? { mode: 'ANY', allowedFunctionNames: [choice.name] }
          : { mode: choice === 'required' ? 'ANY' : choice === 'none' ? 'NONE' : 'AUTO' },
    };
  }
  return out;
}
