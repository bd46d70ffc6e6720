import type { AssistantMessage, Message, ToolCallPart, ToolResultContent, ToolResultPart } from './message.js';

/** The text of a message or a list of parts, joined; other parts are skipped. */
export function textOf(source: Message | ReadonlyArray<{ type: string; text?: string }>): string {
  const parts = Array.isArray(source) ? source : (source as Message).parts;
  let out = '';
  for (const part of parts as ReadonlyArray<{ type: string; text?: string }>) {
    if (part.type === 'text' && typeof part.text === 'string') out += part.text;
  }
  return out;
}

export function toolCallsOf(message: Message): ToolCallPart[] {
  if (message.role !== 'assistant') return [];
  return message.parts.filter((p): p is ToolCallPart => p.type === 'tool_call');
}

export function userMessage(text: string): Message {
  return { role: 'user', parts: [{ type: 'text', text }] };
}

export function systemMessage(text: string): Message {
  return { role: 'system', parts: [{ type: 'text', text }] };
}

export function assistantText(text: string): AssistantMessage {
  return { role: 'assistant', parts: [{ type: 'text', text }] };
}

export function textContent(text: string): ToolResultContent {
  return [{ type: 'text', text }];
}

export function toolResult(callId: string, name: string, text: string, isError = false): ToolResultPart {
  return { type: 'tool_result', callId, name, content: textContent(text), isError };
}
