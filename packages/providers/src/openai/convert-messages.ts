import type { ImagePart, Message, ModelRequest, ToolResultPart, ToolSpec } from '@warden/protocol';

type Obj = Record<string, unknown>;

function imageUrl(part: ImagePart): string {
  return part.url ?? `data:${part.mediaType};base64,${part.data ?? ''}`;
}

function toolResultText(part: ToolResultPart): string {
  const text = part.content
    .map((c) => (c.type === 'text' ? c.text : `[image omitted: ${c.mediaType}]`))
    .join('\n');
  return part.isError ? `[tool error] ${text}` : text;
}

/**
 * Neutral messages → Chat Completions messages. Thinking parts are dropped
 * (the Chat Completions API has no field to send reasoning back); tool results
 * become one `tool` message each. Images inside tool results are not supported
 * by the API and become a short placeholder text.
 */
export function toOpenAIMessages(messages: readonly Message[]): Obj[] {
  const out: Obj[] = [];
  for (const message of messages) convertOne(message, out);
  return out;
}

/** One neutral message as the comma-separated JSON of the Chat Completions messages it becomes. */
export function openAIMessageJson(message: Message): string {
  const out: Obj[] = [];
  convertOne(message, out);
  return out.map((entry) => JSON.stringify(entry)).join(',');
}

function convertOne(message: Message, out: Obj[]): void {
  {
    switch (message.role) {
      case 'system':
        out.push({ role: 'system', content: message.parts.map((p) => p.text).join('\n') });
        break;
      case 'user': {
        const hasImage = message.parts.some((p) => p.type === 'image');
        out.push({
          role: 'user',
          content: hasImage
            ? message.parts.map((p) => (p.type === 'text' ? { type: 'text', text: p.text } : { type: 'image_url', image_url: { url: imageUrl(p) } }))
            : message.parts.map((p) => (p.type === 'text' ? p.text : '')).join(''),
        });
        break;
      }
      case 'assistant': {
        const text = message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
        const calls = message.parts.flatMap((p) =>
          p.type === 'tool_call' ? [{ id: p.id, type: 'function', function: { name: p.name, arguments: JSON.stringify(p.args) } }] : [],
        );
        const entry: Obj = { role: 'assistant', content: text === '' && calls.length > 0 ? null : text };
        if (calls.length > 0) entry.tool_calls = calls;
        out.push(entry);
        break;
      }
      case 'tool':
        for (const part of message.parts) out.push({ role: 'tool', tool_call_id: part.callId, content: toolResultText(part) });
        break;
    }
  }
}

export function toOpenAITool(tool: ToolSpec): Obj {
  return { type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } };
}

export function toOpenAIToolChoice(choice: NonNullable<ModelRequest['toolChoice']>): unknown {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
}
