// Precomputed Anthropic Messages and Gemini generateContent bodies for step k of the
// same scripted conversation (used by the provider benches).
import { FINAL_TEXT } from './openai-bodies.js';

const args = (k: number): { a: number; b: number } => ({ a: k, b: 1 });

export function anthropicJson(k: number, final: boolean): string {
  const content = final ? [{ type: 'text', text: FINAL_TEXT }] : [{ type: 'tool_use', id: `toolu_${k}`, name: 'add', input: args(k) }];
  return JSON.stringify({
    id: `msg_${k}`,
    type: 'message',
    role: 'assistant',
    model: 'bench-model',
    content,
    stop_reason: final ? 'end_turn' : 'tool_use',
    stop_sequence: null,
    usage: { input_tokens: 20 + 30 * k, output_tokens: 12 },
  });
}

export function anthropicSse(k: number, final: boolean): string {
  const ev = (type: string, data: Record<string, unknown>): string => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
  let out = ev('message_start', {
    message: { id: `msg_${k}`, type: 'message', role: 'assistant', model: 'bench-model', content: [], stop_reason: null, usage: { input_tokens: 20 + 30 * k, output_tokens: 1 } },
  });
  if (final) {
    out += ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    for (const piece of ['All ', 'additions ', 'are ', 'done.']) out += ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: piece } });
  } else {
    out += ev('content_block_start', { index: 0, content_block: { type: 'tool_use', id: `toolu_${k}`, name: 'add', input: {} } });
    out += ev('content_block_delta', { index: 0, delta: { type: 'input_json_delta', partial_json: JSON.stringify(args(k)) } });
  }
  out += ev('content_block_stop', { index: 0 });
  out += ev('message_delta', { delta: { stop_reason: final ? 'end_turn' : 'tool_use', stop_sequence: null }, usage: { output_tokens: 12 } });
  out += ev('message_stop', {});
  return out;
}

function geminiBody(k: number, final: boolean): Record<string, unknown> {
  const parts = final ? [{ text: FINAL_TEXT }] : [{ functionCall: { name: 'add', args: args(k) } }];
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 20 + 30 * k, candidatesTokenCount: 12, totalTokenCount: 32 + 30 * k },
    modelVersion: 'bench-model',
    responseId: `resp_${k}`,
  };
}

export function geminiJson(k: number, final: boolean): string {
  return JSON.stringify(geminiBody(k, final));
}

export function geminiSse(k: number, final: boolean): string {
  return `data: ${JSON.stringify(geminiBody(k, final))}\r\n\r\n`;
}
