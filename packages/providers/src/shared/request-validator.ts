import { fastMessageCheck, ProviderError } from '@warden/protocol';
import { Message, ModelRequest, ToolSpec } from '@warden/protocol/schemas';

const RequestOptions = ModelRequest.omit({ messages: true, tools: true });

/**
 * Validates requests at the provider boundary without re-parsing the whole
 * conversation on every call: each message and tool object is checked once
 * and remembered (a loop resends the same objects every step, so the cost per
 * call stays flat instead of growing with the history). New messages take
 * protocol's quick check first and the schema only when it is not sure.
 * One cache per provider.
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

  function checkEach(
    items: unknown,
    field: string,
    schema: typeof Message | typeof ToolSpec,
    required: boolean,
    quick: (item: unknown) => boolean = () => false,
  ): void {
    if (items === undefined && !required) return;
    if (!Array.isArray(items)) fail(field, 'expected an array');
    if (required && items.length === 0) fail(field, 'expected at least one item');
    items.forEach((item: unknown, index) => {
      if (typeof item === 'object' && item !== null && checked.has(item)) return;
      if (quick(item)) {
        checked.add(item as object);
        return;
      }
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
    if (hasKeys(options)) {
      const rest = RequestOptions.safeParse(options);
      if (!rest.success) {
        const issue = rest.error.issues[0];
        fail(issue?.path.join('.') ?? '', issue?.message ?? 'invalid');
      }
    }
    checkEach(messages, 'messages', Message, true, fastMessageCheck);
    checkEach(tools, 'tools', ToolSpec, false);
    return request;
  };
}

function hasKeys(value: object): boolean {
  for (const _key in value) return true;
  return false;
}
