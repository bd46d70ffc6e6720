import type { FinishReason, Usage } from '@warden/protocol';
import { asArr, asNum, asObj, asStr, badResponse, type Obj } from '../shared/guards.js';
import type { ParsedAnswer } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import { BEDROCK_FAMILY } from './converse-messages.js';

/** Converse counts cache reads and writes apart from `inputTokens`; ours counts every input token. */
export function converseUsage(raw: unknown): Usage {
  const usage = asObj(raw);
  const read = asNum(usage?.cacheReadInputTokens);
  const write = asNum(usage?.cacheWriteInputTokens);
  return { inputTokens: asNum(usage?.inputTokens) + read + write, outputTokens: asNum(usage?.outputTokens), cacheReadTokens: read, cacheWriteTokens: write, reasoningTokens: 0 };
}

export function converseFinish(reason: string | undefined, hasCalls: boolean): FinishReason {
  switch (reason) {
    case 'tool_use':
      return 'tool_calls';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content_filter';
    default:
      return hasCalls ? 'tool_calls' : 'stop';
  }
}

/** Adds one Converse content block (`text`, `toolUse`, `reasoningContent`) to the assembler. */
export function readConverseBlock(provider: string, block: Obj, assembler: MessageAssembler, callIndex: number): boolean {
  if (typeof block.text === 'string') {
    assembler.boundary();
    assembler.text(block.text);
    return false;
  }
  const toolUse = asObj(block.toolUse);
  if (toolUse) {
    const name = asStr(toolUse.name);
    if (!name) throw badResponse(provider, 'a toolUse block has no name');
    assembler.toolCall(callIndex, { id: asStr(toolUse.toolUseId) ?? '', name, args: JSON.stringify(asObj(toolUse.input) ?? {}) });
    return true;
  }
  const reasoning = asObj(block.reasoningContent);
  if (reasoning) {
    const redacted = asStr(reasoning.redactedContent);
    if (redacted !== undefined) {
      assembler.redactedThinking(redacted, BEDROCK_FAMILY);
    } else {
      const text = asObj(reasoning.reasoningText);
      assembler.boundary();
      assembler.thinking(asStr(text?.text) ?? '', BEDROCK_FAMILY);
      const signature = asStr(text?.signature);
      if (signature) assembler.thinkingSignature(signature, BEDROCK_FAMILY);
    }
  }
  return false;
}

/** Reads a non-streaming Converse answer. */
export function parseConverseResponse(provider: string, body: unknown): ParsedAnswer {
  const root = asObj(body);
  const message = asObj(asObj(root?.output)?.message);
  if (!root || !message) throw badResponse(provider, 'no output.message');
  const assembler = new MessageAssembler();
  let calls = 0;
  for (const raw of asArr(message.content)) {
    const block = asObj(raw);
    if (block && readConverseBlock(provider, block, assembler, calls)) calls += 1;
  }
  return {
    message: assembler.build((i) => `tooluse_${i}`),
    usage: converseUsage(root.usage),
    finishReason: converseFinish(asStr(root.stopReason), calls > 0),
  };
}
