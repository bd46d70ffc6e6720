import type { ImagePart, Message, ModelRequest, ToolResultPart } from '@warden/protocol';

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
export function toOpenAIMessages(messages: readonly Message[], cache?: WeakMap<Message, Obj[]>): Obj[] {
  const out: Obj[] = [];
  for (const message of messages) {
    // A loop resends the same message objects every step: convert each once per adapter.
    const known = cache?.get(message);
    if (known) {
      out.push(...known);
      continue;
    }
    const start = out.length;
    convertOne(message, out);
    cache?.set(message, out.slice(start));
  }
  return out;
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

export function toOpenAITools(request: ModelRequest): Obj {
  const out: Obj = {};
  if (request.tools && request.tools.length > 0) {
    out.tools = request.tools.map((t) => ({ type: 'function', function: { name: t.name, description: t.description, parameters: t.inputSchema } }));
  }
  const choice = request.toolChoice;
  if (choice !== undefined) out.tool_choice = typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } };
  return out;
}
