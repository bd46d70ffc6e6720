import type { ImagePart, Message, ModelRequest, TextPart, ToolResultPart } from '@warden/protocol';
import { mergedTurns, mergedTurnsJson, type TurnJson } from '../shared/turns-json.js';

type Obj = Record<string, unknown>;

/** The vendor tag on Bedrock reasoning parts, so only Bedrock gets them back. */
export const BEDROCK_FAMILY = 'bedrock';

const IMAGE_FORMATS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpeg', 'image/jpg': 'jpeg', 'image/gif': 'gif', 'image/webp': 'webp' };

/** Converse takes images as bytes (base64 in JSON) of four formats; an image by URL or of another type becomes a note. */
function block(part: TextPart | ImagePart): Obj {
  if (part.type === 'text') return { text: part.text };
  const format = IMAGE_FORMATS[part.mediaType.toLowerCase()];
  if (part.data === undefined || !format) return { text: `[image omitted: ${part.url ?? part.mediaType}]` };
  return { image: { format, source: { bytes: part.data } } };
}

function toolResult(part: ToolResultPart): Obj {
  const content = part.content.map(block);
  return { toolResult: { toolUseId: part.callId, content: content.length > 0 ? content : [{ text: '' }], status: part.isError ? 'error' : 'success' } };
}

function converseTurn(message: Exclude<Message, { role: 'system' }>): { role: 'user' | 'assistant'; items: Obj[] } {
  switch (message.role) {
    case 'user':
      return { role: 'user', items: message.parts.filter((p) => p.type !== 'text' || p.text !== '').map(block) };
    case 'assistant': {
      const items: Obj[] = [];
      for (const part of message.parts) {
        if (part.type === 'thinking') {
          if (part.provider !== BEDROCK_FAMILY) continue;
          if (part.redactedData !== undefined) items.push({ reasoningContent: { redactedContent: part.redactedData } });
          else if (part.signature !== undefined) items.push({ reasoningContent: { reasoningText: { text: part.text, signature: part.signature } } });
        } else if (part.type === 'text') {
          if (part.text !== '') items.push({ text: part.text });
        } else {
          items.push({ toolUse: { toolUseId: part.id, name: part.name, input: part.args } });
        }
      }
      return { role: 'assistant', items };
    }
    case 'tool':
      return { role: 'user', items: message.parts.map(toolResult) };
  }
}

const converseTurnOf = (message: Message) => (message.role === 'system' ? null : converseTurn(message));

/** System messages as Converse `system` blocks. */
export function converseSystem(messages: readonly Message[]): Obj[] {
  const out: Obj[] = [];
  for (const message of messages) {
    if (message.role !== 'system') continue;
    for (const part of message.parts) if (part.text !== '') out.push({ text: part.text });
  }
  return out;
}

/** Neutral messages → Converse `messages` (consecutive turns of one role merged, as Converse requires). */
export function converseMessages(messages: readonly Message[]): Obj[] {
  return mergedTurns(messages, converseTurnOf, 'content');
}

/** The same as `converseMessages`, as JSON text from each message's cached blocks. */
export function converseMessagesJson(messages: readonly Message[], cache: WeakMap<Message, TurnJson | null>): string {
  return mergedTurnsJson(messages, cache, converseTurnOf, 'content');
}

/**
 * `toolConfig`: the tools and the choice. Converse has no `none`: the tools stay (a history with
 * tool use needs them) and the model chooses.
 */
export function converseToolConfig(request: ModelRequest): Obj | undefined {
  if (!request.tools || request.tools.length === 0) return undefined;
  const config: Obj = {
    tools: request.tools.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.inputSchema } } })),
  };
  const choice = request.toolChoice;
  if (choice === 'auto') config.toolChoice = { auto: {} };
  else if (choice === 'required') config.toolChoice = { any: {} };
  else if (typeof choice === 'object') config.toolChoice = { tool: { name: choice.name } };
  return config;
}
