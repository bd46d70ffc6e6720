import type { ImagePart, Message, ModelRequest, TextPart } from '@warden/protocol';
import { mergedTurns, mergedTurnsJson, type TurnJson } from '../shared/turns-json.js';

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

/** One neutral message as an Anthropic turn: its role and content blocks (none for a system message). */
function anthropicTurn(message: Exclude<Message, { role: 'system' }>): { role: 'user' | 'assistant'; items: Obj[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', items: message.parts.filter((p) => p.type !== 'text' || p.text !== '').map(block) };
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
      return { role: 'assistant', items: content };
    }
    case 'tool':
      return {
        role: 'user',
        items: message.parts.map((part) => ({
          type: 'tool_result',
          tool_use_id: part.callId,
          content: part.content.map(block),
          ...(part.isError ? { is_error: true } : {}),
        })),
      };
  }
}

const anthropicTurnOf = (message: Message) => (message.role === 'system' ? null : anthropicTurn(message));

/** The system messages as Anthropic `system` text blocks. */
export function anthropicSystemBlocks(messages: readonly Message[]): Obj[] {
  const system: Obj[] = [];
  for (const message of messages) {
    if (message.role !== 'system') continue;
    for (const part of message.parts) if (part.text !== '') system.push({ type: 'text', text: part.text });
  }
  return system;
}

/**
 * Neutral messages → Anthropic Messages `system` + `messages`. Tool results
 * travel as `tool_result` blocks in a user turn; thinking goes back with its
 * signature (or as `redacted_thinking`) when Anthropic produced it, and is
 * dropped otherwise; consecutive turns of one role are merged.
 */
export function toAnthropicMessages(messages: readonly Message[]): { system: Obj[]; messages: Obj[] } {
  return { system: anthropicSystemBlocks(messages), messages: mergedTurns(messages, anthropicTurnOf, 'content') };
}

/**
 * The same conversion as `toAnthropicMessages(...).messages`, as JSON text built from each
 * message's cached blocks (see `mergedTurnsJson`).
 */
export function anthropicMessagesJson(messages: readonly Message[], cache: WeakMap<Message, TurnJson | null>): string {
  return mergedTurnsJson(messages, cache, anthropicTurnOf, 'content');
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
