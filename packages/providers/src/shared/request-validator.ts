import { providerError } from '../errors/coded-errors.js';
import { fastMessageCheck, fastRequestOptionsCheck, fastToolSpecCheck } from '@warden/protocol/checks';
import type { ModelRequest } from '@warden/protocol';

type Schemas = typeof import('@warden/protocol/schemas');
type Issue = { path: PropertyKey[]; message: string };
type Check = { safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } } };

let schemas: Promise<Schemas> | undefined;
/** zod is most of a one-step script's start-up, so the schemas load only for a value the quick checks are unsure of. */
function loadSchemas(): Promise<Schemas> {
  schemas ??= import('@warden/protocol/schemas');
  return schemas;
}

/**
 * Validates requests at the provider boundary without re-parsing the whole
 * conversation on every call: each message and tool object is checked once
 * and remembered (a loop resends the same objects every step, so the cost per
 * call stays flat instead of growing with the history). New values take
 * protocol's quick checks first and the schema only when they are not sure.
 * One cache per provider.
 */
export function createRequestValidator(provider: string): (request: ModelRequest) => ModelRequest | Promise<ModelRequest> {
  const checked = new WeakSet<object>();

  function fail(path: string, message: string): never {
    throw providerError({
      code: 'provider.bad_request',
      message: `the request is not a valid ModelRequest at ${path || '(root)'}: ${message}`,
      hint: 'Build requests with the helpers of @warden/protocol.',
      provider,
      retryable: false,
    });
  }

  function failOn(prefix: Array<string | number>, check: Check, value: unknown): void {
    const result = check.safeParse(value);
    if (result.success) return;
    const issue = result.error.issues[0];
    fail([...prefix, ...(issue?.path ?? []).map(String)].join('.'), issue?.message ?? 'invalid');
  }

  /** The items the quick check was unsure of, or a structural failure thrown at once. */
  function quickEach(items: unknown, field: string, required: boolean, quick: (item: unknown) => boolean): number[] {
    if (items === undefined && !required) return [];
    if (!Array.isArray(items)) fail(field, 'expected an array');
    if (required && items.length === 0) fail(field, 'expected at least one item');
    const unsure: number[] = [];
    items.forEach((item: unknown, index) => {
      if (typeof item === 'object' && item !== null && checked.has(item)) return;
      if (quick(item)) checked.add(item as object);
      else unsure.push(index);
    });
    return unsure;
  }

  return (request) => {
    if (typeof request !== 'object' || request === null) fail('', 'expected an object');
    const { messages, tools, ...options } = request;
    const optionsUnsure = !fastRequestOptionsCheck(options);
    const messagesUnsure = quickEach(messages, 'messages', true, fastMessageCheck);
    const toolsUnsure = quickEach(tools, 'tools', false, fastToolSpecCheck);
    if (!optionsUnsure && messagesUnsure.length === 0 && toolsUnsure.length === 0) return request;
    return loadSchemas().then(({ Message, ModelRequest: RequestSchema, ToolSpec }) => {
      if (optionsUnsure) failOn([], RequestSchema.omit({ messages: true, tools: true }), options);
      for (const index of messagesUnsure) {
        const item = (messages as unknown[])[index];
        failOn(['messages', index], Message, item);
        checked.add(item as object);
      }
      for (const index of toolsUnsure) {
        const item = (tools as unknown[])[index];
        failOn(['tools', index], ToolSpec, item);
        checked.add(item as object);
      }
      return request;
    });
  };
}
