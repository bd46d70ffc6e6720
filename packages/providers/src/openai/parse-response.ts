import { emptyUsage, type FinishReason, type Usage } from '@warden/protocol';
import { asArr, asNum, asObj, asStr, badResponse } from '../shared/guards.js';
import type { ParsedAnswer } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';

export function openaiUsage(raw: unknown): Usage {
  const usage = asObj(raw);
  if (!usage) return emptyUsage();
  const prompt = asObj(usage.prompt_tokens_details);
  const completion = asObj(usage.completion_tokens_details);
  return {
    inputTokens: asNum(usage.prompt_tokens),
    outputTokens: asNum(usage.completion_tokens),
    cacheReadTokens: asNum(prompt?.cached_tokens) || asNum(usage.prompt_cache_hit_tokens),
    cacheWriteTokens: 0,
    reasoningTokens: asNum(completion?.reasoning_tokens),
  };
}

export function openaiFinish(reason: string | undefined, hasCalls: boolean, refused: boolean): FinishReason {
  if (refused) return 'refusal';
  switch (reason) {
    case 'length':
      return 'length';
    case 'content_filter':
      return 'content_filter';
    case 'tool_calls':
    case 'function_call':
      return 'tool_calls';
    default:
      return hasCalls ? 'tool_calls' : 'stop';
  }
}

/** Reads a non-streaming Chat Completions answer. */
export function parseOpenAIResponse(provider: string, body: unknown): ParsedAnswer {
  const root = asObj(body);
  const choice = asObj(asArr(root?.choices)[0]);
  const message = asObj(choice?.message);
  if (!root || !message) throw badResponse(provider, 'no choices[0].message');
  const assembler = new MessageAssembler();
  const reasoning = asStr(message.reasoning_content) ?? asStr(message.reasoning);
  if (reasoning) assembler.thinking(reasoning, provider);
  const refusal = asStr(message.refusal);
  const content = asStr(message.content) ?? refusal;
  if (content) assembler.text(content);
  asArr(message.tool_calls).forEach((raw, index) => {
    const call = asObj(raw);
    const fn = asObj(call?.function);
    const name = asStr(fn?.name);
    if (!name) throw badResponse(provider, 'a tool call has no function name');
    assembler.toolCall(index, { id: asStr(call?.id) ?? '', name, args: asStr(fn?.arguments) ?? '' });
  });
  const answer: ParsedAnswer = {
    message: assembler.build((i) => `call_${i}`),
    usage: openaiUsage(root.usage ?? asObj(root.x_groq)?.usage),
    finishReason: openaiFinish(asStr(choice?.finish_reason), assembler.toolCallCount > 0, refusal !== undefined && refusal !== ''),
  };
  const id = asStr(root.id);
  if (id) answer.responseId = id;
  return answer;
}
