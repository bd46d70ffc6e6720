// A provider plugin as a package would publish it: a default-exported factory that returns a
// ProviderV1 speaking its vendor's own wire format ({ prompt } → { answer, tokens }), no Warden imports.
export default function createAcmeProvider(context) {
  const baseURL = context.baseURL ?? context.env.ACME_ENDPOINT;
  const model = context.model ?? 'acme-1';
  const complete = async (request, options = {}) => {
    const prompt = request.messages
      .filter((m) => m.role === 'user')
      .flatMap((m) => m.parts.filter((p) => p.type === 'text').map((p) => p.text))
      .join('\n');
    const res = await fetch(`${baseURL}/generate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${context.apiKey ?? ''}` },
      body: JSON.stringify({ model, prompt }),
      signal: options.signal,
    });
    if (!res.ok) throw new Error(`acme answered ${res.status}`);
    const body = await res.json();
    return {
      message: { role: 'assistant', parts: [{ type: 'text', text: body.answer }] },
      usage: { inputTokens: body.tokens.in, outputTokens: body.tokens.out, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
      finishReason: 'stop',
      provider: context.id,
      model,
    };
  };
  return {
    specificationVersion: 'v1',
    id: context.id,
    model,
    complete,
    async *stream(request, options) {
      const response = await complete(request, options);
      yield { type: 'text_delta', text: response.message.parts[0].text };
      yield { type: 'finish', response };
    },
  };
}
