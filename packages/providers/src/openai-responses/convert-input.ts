import type { ImagePart, Message, ModelRequest, ToolResultPart, ToolSpec } from '@warden/protocol';

type Obj = Record<string, unknown>;

/** The vendor tag on reasoning and built-in tool items, so only the Responses API gets them back. */
export const RESPONSES_FAMILY = 'openai-responses';

function imageUrl(part: ImagePart): string {
  return part.url ?? `data:${part.mediaType};base64,${part.data ?? ''}`;
}

function toolOutput(part: ToolResultPart): string {
  const text = part.content.map((c) => (c.type === 'text' ? c.text : `[image omitted: ${c.mediaType}]`)).join('\n');
  return part.isError ? `[tool error] ${text}` : text;
}

/** The exact item a thinking part asks to be sent back (`redactedData` holds it as JSON), if any. */
export function resendItem(part: { provider?: string; redactedData?: string }): Obj | undefined {
  if (part.provider !== RESPONSES_FAMILY || part.redactedData === undefined) return undefined;
  try {
    const item: unknown = JSON.parse(part.redactedData);
    return typeof item === 'object' && item !== null && !Array.isArray(item) && typeof (item as Obj).type === 'string' ? (item as Obj) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One neutral message as Responses `input` items, in order. An assistant turn becomes its
 * reasoning items (kept verbatim, encrypted content included), its built-in tool call items,
 * an assistant message for its text and one `function_call` item per tool call (with the
 * `fc_…` item id it came with, which the API pairs with the reasoning before it). Thinking
 * from another vendor is dropped; tool results become `function_call_output` items.
 */
export function responsesInputItems(message: Message): Obj[] {
  switch (message.role) {
    case 'system':
      return [{ role: 'system', content: message.parts.map((p) => p.text).join('\n') }];
    case 'user':
      return [
        {
          role: 'user',
          content: message.parts.map((p) =>
            p.type === 'text' ? { type: 'input_text', text: p.text } : { type: 'input_image', image_url: imageUrl(p), detail: 'auto' },
          ),
        },
      ];
    case 'assistant': {
      const out: Obj[] = [];
      let text = '';
      const flushText = (): void => {
        if (text !== '') out.push({ role: 'assistant', content: text });
        text = '';
      };
      for (const part of message.parts) {
        if (part.type === 'text') {
          text += part.text;
        } else if (part.type === 'thinking') {
          const item = resendItem(part);
          if (!item) continue;
          flushText();
          out.push(item);
        } else {
          flushText();
          const call: Obj = { type: 'function_call', call_id: part.id, name: part.name, arguments: JSON.stringify(part.args) };
          const itemId = part.meta?.itemId;
          if (typeof itemId === 'string') call.id = itemId;
          out.push(call);
        }
      }
      flushText();
      return out;
    }
    case 'tool':
      return message.parts.map((part) => ({ type: 'function_call_output', call_id: part.callId, output: toolOutput(part) }));
  }
}

/** One neutral message as the comma-separated JSON of its input items. */
export function responsesInputJson(message: Message): string {
  return responsesInputItems(message)
    .map((item) => JSON.stringify(item))
    .join(',');
}

/** A neutral tool as a Responses function tool; `strict` is off because neutral schemas need not be strict-compatible. */
export function toResponsesTool(tool: ToolSpec): Obj {
  return { type: 'function', name: tool.name, description: tool.description, parameters: tool.inputSchema, strict: false };
}

export function toResponsesToolChoice(choice: NonNullable<ModelRequest['toolChoice']>): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name };
}

export function toResponsesTextFormat(format: NonNullable<ModelRequest['responseFormat']>): Obj {
  return format.schema
    ? { format: { type: 'json_schema', name: format.name ?? 'output', schema: format.schema, strict: false } }
    : { format: { type: 'json_object' } };
}
