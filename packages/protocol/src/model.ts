import { z } from 'zod';
import { JsonObject, JsonSchema } from './json.js';
import { AssistantMessage, Message } from './message.js';
import { ToolSpec } from './tool-spec.js';
import { Usage } from './usage.js';

export const ToolChoice = z.union([
  z.enum(['auto', 'none', 'required']),
  z.object({ name: z.string().min(1) }),
]);
export type ToolChoice = z.infer<typeof ToolChoice>;

/** A request to a model, in the neutral format. System prompts are `system` messages. */
export const ModelRequest = z.object({
  messages: z.array(Message).min(1),
  tools: z.array(ToolSpec).optional(),
  toolChoice: ToolChoice.optional(),
  maxOutputTokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
  /** Ask for JSON output, optionally against a schema. */
  responseFormat: z.object({ type: z.literal('json'), schema: JsonSchema.optional(), name: z.string().optional() }).optional(),
  /** Vendor-specific options, passed through by the adapter named by the key (e.g. `{ anthropic: { thinking: … } }`). */
  providerOptions: z.record(z.string(), JsonObject).optional(),
});
export type ModelRequest = z.infer<typeof ModelRequest>;

export const FinishReason = z.enum(['stop', 'tool_calls', 'length', 'content_filter', 'refusal']);
export type FinishReason = z.infer<typeof FinishReason>;

export const ModelResponse = z.object({
  message: AssistantMessage,
  usage: Usage,
  finishReason: FinishReason,
  /** Cost of this call in US dollars, when the model's price is known. */
  costUsd: z.number().nonnegative().optional(),
  /** The vendor's request id, for support tickets. */
  requestId: z.string().optional(),
  provider: z.string(),
  model: z.string(),
});
export type ModelResponse = z.infer<typeof ModelResponse>;

/**
 * What a streaming call yields: deltas as they arrive, then exactly one `finish`
 * carrying the assembled response (the same value `complete` would have returned).
 */
export const StreamPart = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text_delta'), text: z.string() }),
  z.object({ type: z.literal('thinking_delta'), text: z.string() }),
  z.object({ type: z.literal('tool_call_delta'), index: z.number().int().nonnegative(), id: z.string().optional(), name: z.string().optional(), argsDelta: z.string() }),
  z.object({ type: z.literal('finish'), response: ModelResponse }),
]);
export type StreamPart = z.infer<typeof StreamPart>;

/**
 * Something a provider wants the loop to know about without failing the call. `reason` is English;
 * `code` (the failed attempt's error code, `provider.rate_limited`) and `status` (its HTTP status)
 * say the same by id, so a front end can say it in another language. Older producers omit them.
 */
const noticeCause = { code: z.string().min(1).optional(), status: z.number().int().optional() };
export const ProviderNotice = z.discriminatedUnion('type', [
  z.object({ type: z.literal('retry'), provider: z.string(), attempt: z.number().int().positive(), delayMs: z.number().nonnegative(), reason: z.string(), ...noticeCause }),
  z.object({ type: z.literal('provider_switch'), from: z.string(), to: z.string(), reason: z.string(), ...noticeCause }),
]);
export type ProviderNotice = z.infer<typeof ProviderNotice>;
