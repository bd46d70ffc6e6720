import { z } from 'zod';
import { SPECIFICATION_VERSION, WardenError, type ArgsValidation, type JsonObject, type JsonSchema, type ToolAnnotations, type ToolContext, type ToolOutput, type ToolPermission, type ToolV1 } from '@warden/protocol';
import { TOOL_NAME_PATTERN } from '@warden/protocol/checks';
import { checkAnnotations } from './annotations-check.js';
import { formatIssues } from './format-issues.js';
import { toolError } from './tool-error-codes.js';

export interface ToolDefinition<Input extends z.ZodObject> {
  /** Provider-safe: a letter, then letters, digits, `_` or `-`; 64 characters at most. */
  name: string;
  description: string;
  /** A zod object schema; field `.describe()` texts end up in the JSON Schema the model sees. */
  input: Input;
  annotations?: ToolAnnotations;
  timeoutMs?: number;
  /** The tool's own permission (`allow` → `ask` → `deny`): it can only tighten the policy. */
  permission?: ToolPermission;
  /** Identical calls in one run answered from a cache (true: 5 minutes, or `{ ttlMs }`); never for tools with effects. */
  cacheable?: boolean | { ttlMs: number };
  execute(args: z.output<Input>, ctx: ToolContext): ToolOutput | Promise<ToolOutput>;
}

/** Checks a tool name against the rule every provider accepts. */
export function assertToolName(name: unknown): asserts name is string {
  if (typeof name !== 'string' || !TOOL_NAME_PATTERN.test(name)) {
    throw toolError(
      'tool.invalid_definition',
      `invalid tool name ${JSON.stringify(name)}: tool names are 1-64 characters, a letter then letters, digits, _ or -`,
      'Rename the tool; OpenAI, Anthropic and Gemini all accept names matching ^[a-zA-Z][a-zA-Z0-9_-]{0,63}$.',
    );
  }
}

function jsonSchemaOf(name: string, input: z.ZodObject): JsonSchema {
  let schema: Record<string, unknown>;
  try {
    schema = z.toJSONSchema(input, { target: 'draft-2020-12', io: 'input', unrepresentable: 'throw' });
  } catch (error) {
    throw toolError(
      'tool.invalid_definition',
      `tool ${name}: its input schema cannot be expressed as JSON Schema (${(error as Error).message})`,
      'Use only JSON-representable zod types (no functions, dates, maps, bigints or transforms on input).',
      error,
    );
  }
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/**
 * Defines a tool from a zod object schema. The result is a protocol `ToolV1`:
 * JSON Schema generated from zod, `validate` reporting exactly which field is
 * wrong, and `execute` that validates again (so a direct call is safe too) and
 * wraps unexpected throws in `tool.execution_failed`.
 */
export function defineTool<Input extends z.ZodObject>(definition: ToolDefinition<Input>): ToolV1 {
  const { name, description, input, annotations, timeoutMs, permission, cacheable } = definition;
  assertToolName(name);
  if (typeof description !== 'string' || description.trim() === '') {
    throw toolError('tool.invalid_definition', `tool ${name}: description must be a non-empty string`, 'Say what the tool does and when to use it.');
  }
  if (!(input instanceof z.ZodObject)) {
    throw toolError('tool.invalid_definition', `tool ${name}: input must be a zod object schema (z.object({...}))`, 'Wrap the arguments in z.object().');
  }
  if (timeoutMs !== undefined && (!Number.isInteger(timeoutMs) || timeoutMs <= 0)) {
    throw toolError('tool.invalid_definition', `tool ${name}: timeoutMs must be a positive integer`);
  }
  const checkedAnnotations = annotations === undefined ? undefined : checkAnnotations(annotations);
  if (checkedAnnotations && !checkedAnnotations.ok) {
    throw toolError('tool.invalid_definition', `tool ${name}: invalid annotations: ${checkedAnnotations.problem}`);
  }
  const parsedAnnotations = checkedAnnotations?.ok ? checkedAnnotations.annotations : undefined;
  if (permission !== undefined && permission !== 'allow' && permission !== 'ask' && permission !== 'deny') {
    throw toolError('tool.invalid_definition', `tool ${name}: permission must be "allow", "ask" or "deny"`);
  }
  if (cacheable !== undefined && cacheable !== false) {
    const effects = parsedAnnotations;
    if (cacheable !== true && !(typeof cacheable === 'object' && Number.isFinite(cacheable.ttlMs) && cacheable.ttlMs > 0)) {
      throw toolError('tool.invalid_definition', `tool ${name}: cacheable must be true or { ttlMs } with a positive number`);
    }
    if (effects?.mutating === true || effects?.destructive === true || effects?.openWorld === true || effects?.readOnly === false) {
      throw toolError('tool.invalid_definition', `tool ${name}: a tool with effects (mutating, destructive, open-world) cannot be cacheable`, 'A repeated call to a tool that changes or reaches the world must run again.');
    }
  }
  const inputSchema = jsonSchemaOf(name, input);

  const validate = (args: JsonObject): ArgsValidation => {
    const result = input.safeParse(args);
    if (result.success) return { ok: true, args: result.data as JsonObject };
    return { ok: false, message: `Invalid arguments for ${name}: ${formatIssues(result.error.issues)}` };
  };

  const tool: ToolV1 = {
    specificationVersion: SPECIFICATION_VERSION,
    name,
    description,
    inputSchema,
    ...(parsedAnnotations ? { annotations: parsedAnnotations } : {}),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
    ...(permission === undefined ? {} : { permission }),
    ...(cacheable === undefined || cacheable === false ? {} : { cacheable: cacheable === true ? true : { ttlMs: cacheable.ttlMs } }),
    validate,
    async execute(args: JsonObject, ctx: ToolContext): Promise<ToolOutput> {
      const result = input.safeParse(args);
      if (!result.success) {
        throw toolError('tool.invalid_args', `Invalid arguments for ${name}: ${formatIssues(result.error.issues)}`, 'Fix the named fields and call the tool again.');
      }
      try {
        return await definition.execute(result.data, ctx);
      } catch (error) {
        if (WardenError.isInstance(error)) throw error;
        const message = error instanceof Error ? error.message : String(error);
        throw toolError('tool.execution_failed', `${name} failed: ${message}`, undefined, error);
      }
    },
  };
  return tool;
}
