import type { ImagePart, Message, ModelRequest, TextPart } from '@warden/protocol';

type Obj = Record<string, unknown>;

/** The vendor tag Anthropic thinking parts carry, so only Anthropic ever gets them back. */
export const ANTHROPIC_FAMILY = 'anthropic';

function image(part: ImagePart): Obj {
  return part.url !== undefined
    ? { type: 'image', source: { type: 'url', url: part.url } }
    : { type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data ?? '' } };
}

function block(part: TextPart | ImagePart): Obj {
  return part.type === 'text' ? { type: 'text', text: part.text } : image(part);
}

/**
 * Neutral messages → Anthropic Messages `system` + `messages`. Tool results
 * travel as `tool_result` blocks in a user turn; thinking goes back with its
 * signature (or as `redacted_thinking`) when Anthropic produced it, and is
 * dropped otherwise; consecutive turns of one role are merged.
 */
export function toAnthropicMessages(messages: readonly Message[]): { system: Obj[]; messages: Obj[] } {
  const system: Obj[] = [];
  const out: Array<{ role: 'user' | 'assistant'; content: Obj[] }> = [];
  const push = (role: 'user' | 'assistant', content: Obj[]): void => {
    if (content.length === 0) return;
    const last = out.at(-1);
    if (last?.role === role) last.content.push(...content);
    else out.push({ role, content });
  };
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        for (const part of message.parts) if (part.text !== '') system.push({ type: 'text', text: part.text });
        break;
      case 'user':
        push('user', message.parts.filter((p) => p.type !== 'text' || p.text !== '').map(block));
        break;
      case 'assistant': {
        const content: Obj[] = [];
        for (const part of message.parts) {
          if (part.type === 'thinking') {
            if (part.provider !== ANTHROPIC_FAMILY) continue;
            if (part.redactedData !== undefined) content.push({ type: 'redacted_thinking', data: part.redactedData });
            else if (part.signature !== undefined) content.push({ type: 'thinking', thinking: part.text, signature: part.signature });
          } else if (part.type === 'text') {
            if (part.text !== '') content.push({ type: 'text', text: part.text });
          } else {
            content.push({ type: 'tool_use', id: part.id, name: part.name, input: part.args });
          }
        }
        push('assistant', content);
        break;
      }
      case 'tool':
        push(
          'user',
          message.parts.map((part) => ({
            type: 'tool_result',
            tool_use_id: part.callId,
            content: part.content.map(block),
            ...(part.isError ? { is_error: true } : {}),
          })),
        );
        break;
    }
  }
  return { system, messages: out };
}

export function toAnthropicTools(request: ModelRequest, cache: boolean): Obj {
  const out: Obj = {};
  if (request.tools && request.tools.length > 0) {
    const tools: Obj[] = request.tools.map((t) => ({ name: t.name, description: t.description, input_schema: t.inputSchema }));
    const last = tools.at(-1);
    if (cache && last) last.cache_control = { type: 'ephemeral' };
    out.tools = tools;
  }
  const choice = request.toolChoice;
  if (choice !== undefined) {
    out.tool_choice =
      typeof choice === 'object' ? { type: 'tool', name: choice.name } : choice === 'required' ? { type: 'any' } : { type: choice };
  }
  return out;
}
