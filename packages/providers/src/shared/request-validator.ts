import { Message, ModelRequest, ProviderError, ToolSpec } from '@warden/protocol';

const RequestOptions = ModelRequest.omit({ messages: true, tools: true });

/**
 * Validates requests at the provider boundary without re-parsing the whole
 * conversation on every call: each message and tool object is checked once
 * and remembered (a loop resends the same objects every step, so the cost per
 * call stays flat instead of growing with the history). One cache per provider.
 */
export function createRequestValidator(provider: string): (request: ModelRequest) => ModelRequest {
  const checked = new WeakSet<object>();

  function fail(path: string, message: string): never {
    throw new ProviderError({
      code: 'provider.bad_request',
      message: `the request is not a valid ModelRequest at ${path || '(root)'}: ${message}`,
      hint: 'Build requests with the helpers of @warden/protocol.',
      provider,
      retryable: false,
    });
  }

  function checkEach(items: unknown, field: string, schema: typeof Message | typeof ToolSpec, required: boolean): void {
    if (items === undefined && !required) return;
    if (!Array.isArray(items)) fail(field, 'expected an array');
    if (required && items.length === 0) fail(field, 'expected at least one item');
    items.forEach((item: unknown, index) => {
      if (typeof item === 'object' && item !== null && checked.has(item)) return;
      const result = schema.safeParse(item);
      if (!result.success) {
        const issue = result.error.issues[0];
        fail([field, index, ...(issue?.path ?? [])].join('.'), issue?.message ?? 'invalid');
      }
      checked.add(item as object);
    });
  }

  return (request) => {
    if (typeof request !== 'object' || request === null) fail('', 'expected an object');
    const { messages, tools, ...options } = request;
    const rest = RequestOptions.safeParse(options);
    if (!rest.success) {
      const issue = rest.error.issues[0];
      fail(issue?.path.join('.') ?? '', issue?.message ?? 'invalid');
    }
    checkEach(messages, 'messages', Message, true);
    checkEach(tools, 'tools', ToolSpec, false);
    return request;
  };
}
