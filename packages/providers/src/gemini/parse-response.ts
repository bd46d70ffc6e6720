import type { FinishReason, Usage } from '@warden/protocol';
import { asNum, asObj, asStr } from '../shared/guards.js';
import type { MessageAssembler } from '../shared/message-assembler.js';
import { GEMINI_FAMILY, SYNTHETIC_CALL_PREFIX } from './convert-messages.js';

export function geminiUsage(raw: unknown): Usage {
  const usage = asObj(raw);
  const thoughts = asNum(usage?.thoughtsTokenCount);
  return {
    inputTokens: asNum(usage?.promptTokenCount) + asNum(usage?.toolUsePromptTokenCount),
    outputTokens: asNum(usage?.candidatesTokenCount) + thoughts,
    cacheReadTokens: asNum(usage?.cachedContentTokenCount),
    cacheWriteTokens: 0,
    reasoningTokens: thoughts,
  };
}

const FILTERED = new Set(['SAFETY', 'RECITATION', 'BLOCKLIST', 'PROHIBITED_CONTENT', 'SPII', 'IMAGE_SAFETY', 'LANGUAGE']);

export function geminiFinish(reason: string | undefined, hasCalls: boolean, blocked: boolean): FinishReason {
  if (blocked || (reason !== undefined && FILTERED.has(reason))) return 'content_filter';
  if (reason === 'MAX_TOKENS') return 'length';
  return hasCalls ? 'tool_calls' : 'stop';
}

export type GeminiDelta = { type: 'text_delta' | 'thinking_delta'; text: string } | { type: 'tool_call_delta'; index: number; id: string; name: string; argsDelta: string };

/**
 * Feeds the parts of one candidate (a whole answer or one stream chunk) into
 * the assembler and returns the deltas they represent.
 */
export function readGeminiParts(parts: unknown[], assembler: MessageAssembler, newCallId: () => string): GeminiDelta[] {
  const deltas: GeminiDelta[] = [];
  for (const raw of parts) {
    const part = asObj(raw);
    if (!part) continue;
    const signature = asStr(part.thoughtSignature);
    const call = asObj(part.functionCall);
    if (call) {
      const index = assembler.toolCallCount;
      const id = asStr(call.id) ?? newCallId();
      const name = asStr(call.name) ?? '';
      const args = JSON.stringify(asObj(call.args) ?? {});
      assembler.toolCall(index, { id, name, args, ...(signature ? { meta: { thoughtSignature: signature } } : {}) });
      deltas.push({ type: 'tool_call_delta', index, id, name, argsDelta: args });
      continue;
    }
    const text = asStr(part.text);
    if (part.thought === true) {
      assembler.boundary();
      assembler.thinking(text ?? '', GEMINI_FAMILY);
      if (signature) assembler.thinkingSignature(signature, GEMINI_FAMILY);
      if (text) deltas.push({ type: 'thinking_delta', text });
      continue;
    }
    if (signature) assembler.thinkingSignature(signature, GEMINI_FAMILY);
    if (text) {
      assembler.text(text);
      deltas.push({ type: 'text_delta', text });
    }
  }
  return deltas;
}

export function syntheticCallIds(): () => string {
  let n = 0;
  const salt = Math.random().toString(36).slice(2, 8);
  return () => `${SYNTHETIC_CALL_PREFIX}${salt}_${n++}`;
}
