import { z } from 'zod';
import { JsonSchema } from './json.js';
import { TOOL_NAME_PATTERN } from './tool-name.js';

/** What a tool does to the world, so a gate can decide by mode. */
export const ToolAnnotations = z.object({
  readOnly: z.boolean().optional(),
  mutating: z.boolean().optional(),
  destructive: z.boolean().optional(),
  openWorld: z.boolean().optional(),
  tags: z.array(z.string()).optional(),
});
export type ToolAnnotations = z.infer<typeof ToolAnnotations>;

/** What the model sees of a tool. */
export const ToolSpec = z.object({
  name: z.string().regex(TOOL_NAME_PATTERN, 'tool names are 1-64 characters: a letter, then letters, digits, _ or -'),
  description: z.string(),
  inputSchema: JsonSchema,
  annotations: ToolAnnotations.optional(),
});
export type ToolSpec = z.infer<typeof ToolSpec>;
