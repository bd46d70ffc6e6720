import type { FinishReason, Usage } from '@warden/protocol';
import { asArr, asNum, asObj, asStr, badResponse } from '../shared/guards.js';
import type { ParsedAnswer } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { ANTHROPIC_FAMILY } from './convert-messages.js';

/** Anthropic reports uncached input apart from cache reads and writes; ours counts them all. */
export function anthropicUsage(raw: Record<string, unknown> | undefined): Usage {
  const input = asNum(raw?.input_tokens);
  const write = asNum(raw?.cache_creation_input_tokens);
  const read = asNum(raw?.cache_read_input_tokens);
  return { inputTokens: input + write + read, outputTokens: asNum(raw?.output_tokens), cacheReadTokens: read, cacheWriteTokens: write, reasoningTokens: 0 };
}

export function anthropicFinish(reason: string | undefined, hasCalls: boolean): FinishReason {
  switch (reason) {
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'refusal':
      return 'refusal';
    default:
      return hasCalls ? 'tool_calls' : 'stop';
  }
}

/** Reads a non-streaming Messages answer. */
export function parseAnthropicResponse(provider: string, body: unknown): ParsedAnswer {
  const root = asObj(body);
  if (!root || !Array.isArray(root.content)) throw badResponse(provider, 'no content array');
  const assembler = new MessageAssembler();
  let calls = 0;
  for (const raw of asArr(root.content)) {
    const block = asObj(raw);
    switch (asStr(block?.type)) {
      case 'text':
        assembler.boundary();
        assembler.text(asStr(block?.text) ?? '');
        break;
      case 'thinking':
        assembler.boundary();
        assembler.thinking(asStr(block?.thinking) ?? '', ANTHROPIC_FAMILY);
        if (asStr(block?.signature)) assembler.thinkingSignature(asStr(block?.signature) ?? '', ANTHROPIC_FAMILY);
        break;
      case 'redacted_thinking':
        assembler.redactedThinking(asStr(block?.data) ?? '', ANTHROPIC_FAMILY);
        break;
      case 'tool_use': {
        const name = asStr(block?.name);
        if (!name) throw badResponse(provider, 'a tool_use block has no name');
        assembler.toolCall(calls, { id: asStr(block?.id) ?? '', name, args: JSON.stringify(asObj(block?.input) ?? {}) });
        calls += 1;
        break;
      }
      default:
        break;
    }
  }
  const answer: ParsedAnswer = {
    message: assembler.build((i) => `toolu_${i}`),
    usage: anthropicUsage(asObj(root.usage)),
    finishReason: anthropicFinish(asStr(root.stop_reason), calls > 0),
  };
  const id = asStr(root.id);
  if (id) answer.responseId = id;
  return answer;
}
