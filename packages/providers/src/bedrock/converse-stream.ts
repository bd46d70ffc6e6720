import type { ProviderError } from '@warden/protocol';
import type { ProviderCallCode } from '../errors/coded-errors.js';
import { createProviderError } from '../errors/create-provider-error.js';
import { asObj, asStr, parseEventJson, streamCut } from '../shared/guards.js';
import type { AdapterStreamItem, ParsedAnswer, VendorStreamReader } from '../shared/http-provider.js';
import { MessageAssembler } from '../shared/message-assembler.js';
import type { SseEvent } from '../sse/sse-parser.js';
import { redactText } from '../transport/redact.js';
import { BEDROCK_FAMILY } from './converse-messages.js';
import { converseFinish, converseUsage } from './converse-response.js';

/** Stream exceptions and what they mean for a retry (the transport retries them before the first part). */
const EXCEPTIONS: Record<string, { code: ProviderCallCode; retryable: boolean }> = {
  throttlingException: { code: 'provider.rate_limited', retryable: true },
  serviceUnavailableException: { code: 'provider.unavailable', retryable: true },
  internalServerException: { code: 'provider.unavailable', retryable: true },
  modelStreamErrorException: { code: 'provider.unavailable', retryable: true },
  modelTimeoutException: { code: 'provider.timeout', retryable: true },
  validationException: { code: 'provider.bad_request', retryable: false },
  accessDeniedException: { code: 'provider.auth', retryable: false },
};

export function streamException(provider: string, type: string, message: string | undefined): ProviderError {
  const known = EXCEPTIONS[type] ?? { code: 'provider.unavailable', retryable: true };
  const detail = message ? `: ${redactText(message, [])}` : '';
  return createProviderError({ code: known.code, message: `${provider} reported ${type} in the stream${detail}`, provider, retryable: known.retryable });
}

/**
 * Reads a ConverseStream answer (events decoded by `EventStreamDecoder`): `messageStart`,
 * `contentBlockStart` (a tool use's id and name), `contentBlockDelta` (text, tool input JSON,
 * reasoning text and signature), `contentBlockStop`, `messageStop` (the stop reason), then
 * `metadata` (usage), which ends the stream. Exceptions raise typed errors.
 */
export class ConverseStreamReader implements VendorStreamReader {
  private readonly assembler = new MessageAssembler();
  /** contentBlockIndex → tool call ordinal. */
  private readonly tools = new Map<number, number>();
  private lastBlock = -1;
  private stopReason: string | undefined;
  private usage: unknown;

  constructor(private readonly provider: string) {}

  event(event: SseEvent, out: AdapterStreamItem[]): boolean {
    const [kind, name = ''] = splitOnce(event.event);
    if (kind !== 'event') {
      const body = parseEventJson(this.provider, event.data || '{}');
      throw streamException(this.provider, name, asStr(body.message) ?? asStr(body.Message));
    }
    const data = parseEventJson(this.provider, event.data);
    switch (name) {
      case 'contentBlockStart': {
        const index = blockIndex(data);
        const toolUse = asObj(asObj(data.start)?.toolUse);
        if (!toolUse) return false;
        const ordinal = this.tools.size;
        this.tools.set(index, ordinal);
        const id = asStr(toolUse.toolUseId);
        const toolName = asStr(toolUse.name);
        this.assembler.toolCall(ordinal, { ...(id ? { id } : {}), ...(toolName ? { name: toolName } : {}) });
        const part: AdapterStreamItem = { type: 'tool_call_delta', index: ordinal, argsDelta: '' };
        if (id) part.id = id;
        if (toolName) part.name = toolName;
        out.push(part);
        return false;
      }
      case 'contentBlockDelta':
        this.delta(blockIndex(data), asObj(data.delta) ?? {}, out);
        return false;
      case 'messageStop':
        this.stopReason = asStr(data.stopReason) ?? 'end_turn';
        return false;
      case 'metadata':
        this.usage = data.usage;
        return this.stopReason !== undefined;
      default:
        return false;
    }
  }

  private delta(index: number, delta: Record<string, unknown>, out: AdapterStreamItem[]): void {
    const { assembler } = this;
    if (index !== this.lastBlock) {
      assembler.boundary();
      this.lastBlock = index;
    }
    if (typeof delta.text === 'string') {
      assembler.text(delta.text);
      if (delta.text) out.push({ type: 'text_delta', text: delta.text });
      return;
    }
    const toolUse = asObj(delta.toolUse);
    if (toolUse) {
      const ordinal = this.tools.get(index);
      const args = asStr(toolUse.input) ?? '';
      if (ordinal === undefined) return;
      assembler.toolCall(ordinal, { args });
      out.push({ type: 'tool_call_delta', index: ordinal, argsDelta: args });
      return;
    }
    const reasoning = asObj(delta.reasoningContent);
    if (!reasoning) return;
    const text = asStr(reasoning.text);
    if (text !== undefined) {
      assembler.thinking(text, BEDROCK_FAMILY);
      if (text) out.push({ type: 'thinking_delta', text });
    }
    const signature = asStr(reasoning.signature);
    if (signature) assembler.thinkingSignature(signature, BEDROCK_FAMILY);
    const redacted = asStr(reasoning.redactedContent);
    if (redacted) assembler.redactedThinking(redacted, BEDROCK_FAMILY);
  }

  finish(): ParsedAnswer {
    if (this.stopReason === undefined) throw streamCut(this.provider);
    return {
      message: this.assembler.build((i) => `tooluse_${i}`),
      usage: converseUsage(this.usage),
      finishReason: converseFinish(this.stopReason, this.assembler.toolCallCount > 0),
    };
  }
}

function splitOnce(text: string): [string, string | undefined] {
  const at = text.indexOf(':');
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

function blockIndex(data: Record<string, unknown>): number {
  return typeof data.contentBlockIndex === 'number' ? data.contentBlockIndex : 0;
}
