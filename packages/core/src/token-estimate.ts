import type { Message } from '@warden/protocol';

const IMAGE_TOKENS = 1000;

/** A rough, deterministic estimate of a conversation's size: four characters a token, a flat size per image. */
export function estimateTokens(messages: readonly Message[]): number {
  let chars = 0;
  let images = 0;
  for (const message of messages) {
    chars += 16;
    for (const part of message.parts) {
      switch (part.type) {
        case 'text':
        case 'thinking':
          chars += part.text.length;
          break;
        case 'image':
          images += 1;
          break;
        case 'tool_call':
          chars += part.name.length + JSON.stringify(part.args).length;
          break;
        case 'tool_result':
          for (const c of part.content) {
            if (c.type === 'text') chars += c.text.length;
            else images += 1;
          }
          break;
      }
    }
  }
  return Math.ceil(chars / 4) + images * IMAGE_TOKENS;
}
