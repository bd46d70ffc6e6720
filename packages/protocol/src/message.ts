import { z } from 'zod';
import { JsonObject } from './json.js';

export const TextPart = z.object({
  type: z.literal('text'),
  text: z.string(),
});
export type TextPart = z.infer<typeof TextPart>;

/** An image, inline (base64 `data`) or by `url`; exactly one of the two. */
export const ImagePart = z
  .object({
    type: z.literal('image'),
    mediaType: z.string().regex(/^image\/[a-z0-9.+-]+$/i, 'mediaType must be image/*'),
    data: z.string().optional(),
    url: z.string().url().optional(),
  })
  .refine((p) => (p.data === undefined) !== (p.url === undefined), {
    message: 'an image needs exactly one of data or url',
  });
export type ImagePart = z.infer<typeof ImagePart>;

/**
 * Model reasoning. `signature` (or `redactedData` for reasoning the vendor
 * encrypted) must be sent back unchanged for the reasoning to round-trip;
 * `provider` names the vendor that produced it, so another vendor never gets it.
 */
export const ThinkingPart = z.object({
  type: z.literal('thinking'),
  text: z.string(),
  signature: z.string().optional(),
  redactedData: z.string().optional(),
  provider: z.string().optional(),
});
export type ThinkingPart = z.infer<typeof ThinkingPart>;

/** A call the model asked for. `meta` carries provider round-trip data (e.g. Gemini thought signatures). */
export const ToolCallPart = z.object({
  type: z.literal('tool_call'),
  id: z.string().min(1),
  name: z.string().min(1),
  args: JsonObject,
  meta: JsonObject.optional(),
});
export type ToolCallPart = z.infer<typeof ToolCallPart>;

export const ToolResultContent = z.array(z.union([TextPart, ImagePart]));
export type ToolResultContent = z.infer<typeof ToolResultContent>;

export const ToolResultPart = z.object({
  type: z.literal('tool_result'),
  callId: z.string().min(1),
  name: z.string().min(1),
  content: ToolResultContent,
  isError: z.boolean(),
});
export type ToolResultPart = z.infer<typeof ToolResultPart>;

export const Part = z.union([TextPart, ImagePart, ThinkingPart, ToolCallPart, ToolResultPart]);
export type Part = z.infer<typeof Part>;

export const SystemMessage = z.object({ role: z.literal('system'), parts: z.array(TextPart).min(1) });
export const UserMessage = z.object({ role: z.literal('user'), parts: z.array(z.union([TextPart, ImagePart])).min(1) });
export const AssistantMessage = z.object({
  role: z.literal('assistant'),
  parts: z.array(z.union([TextPart, ThinkingPart, ToolCallPart])),
});
export const ToolMessage = z.object({ role: z.literal('tool'), parts: z.array(ToolResultPart).min(1) });
export type SystemMessage = z.infer<typeof SystemMessage>;
export type UserMessage = z.infer<typeof UserMessage>;
export type AssistantMessage = z.infer<typeof AssistantMessage>;
export type ToolMessage = z.infer<typeof ToolMessage>;

/** The one neutral message format every provider converts to and from. */
export const Message = z.discriminatedUnion('role', [SystemMessage, UserMessage, AssistantMessage, ToolMessage]);
export type Message = z.infer<typeof Message>;
export type Role = Message['role'];
