import type { Span } from '@opentelemetry/api';
import type { CallOptions, ModelRequest, ModelResponse, ProviderV1, StreamPart } from '@warden/protocol';
import { errorCodeOf } from '@warden/protocol';
import { ATTR, OPERATION, finishReason, providerName, usageAttributes } from './gen-ai-attributes.js';
import { observedStream } from './observed-stream.js';
import { traceHeaders } from './trace-context.js';
import type { TracingRuntime } from './tracing-runtime.js';

/**
 * The provider with one `chat <model>` span (kind CLIENT) around each call, a child of the current
 * step (or sub-agent), carrying the GenAI request and response attributes; the call's HTTP
 * requests get that span's W3C `traceparent` through `CallOptions.headers`.
 */
export function tracedProvider(provider: ProviderV1, runtime: TracingRuntime): ProviderV1 {
  const start = (request: ModelRequest, options: CallOptions | undefined): { span: Span; options: CallOptions } => {
    const run = runtime.current();
    const { api } = runtime;
    const name = providerName(provider.id);
    const attributes: Record<string, string | number> = {
      [ATTR.operation]: OPERATION.chat,
      [ATTR.providerName]: name,
      [ATTR.system]: name,
      [ATTR.requestModel]: provider.model,
    };
    if (request.maxOutputTokens !== undefined) attributes['gen_ai.request.max_tokens'] = request.maxOutputTokens;
    if (request.temperature !== undefined) attributes['gen_ai.request.temperature'] = request.temperature;
    const content = run?.captureContent;
    if (content) attributes[ATTR.inputMessages] = content(request.messages);
    const parent = run ? run.modelParent() : api.context.active();
    const span = runtime.tracer.startSpan(`${OPERATION.chat} ${provider.model}`, { kind: api.SpanKind.CLIENT, attributes }, parent);
    const headers = { ...options?.headers, ...traceHeaders(span.spanContext()) };
    return { span, options: { ...options, headers } };
  };
  const succeed = (span: Span, response: ModelResponse): void => {
    // Attributes are computed only for a span that records them (a sampled-out span drops them).
    if (!span.isRecording()) {
      span.end();
      return;
    }
    const content = runtime.current()?.captureContent;
    span.setAttributes({
      ...usageAttributes(response.usage),
      [ATTR.responseModel]: response.model,
      [ATTR.finishReasons]: [finishReason(response.finishReason)],
      ...(response.requestId ? { [ATTR.responseId]: response.requestId } : {}),
      ...(response.costUsd !== undefined ? { [ATTR.costUsd]: response.costUsd } : {}),
      ...(content ? { [ATTR.outputMessages]: content([response.message]) } : {}),
    });
    span.end();
  };
  const failed = (span: Span, error: unknown): void => {
    span.setAttribute(ATTR.errorType, errorCodeOf(error));
    span.setStatus({ code: runtime.api.SpanStatusCode.ERROR });
    span.end();
  };

  const traced: ProviderV1 = {
    specificationVersion: provider.specificationVersion,
    id: provider.id,
    model: provider.model,
    async complete(request, options) {
      const call = start(request, options);
      try {
        const response = await provider.complete(request, call.options);
        succeed(call.span, response);
        return response;
      } catch (error) {
        failed(call.span, error);
        throw error;
      }
    },
    stream(request, options) {
      const call = start(request, options);
      let source: AsyncIterable<StreamPart>;
      try {
        source = provider.stream(request, call.options);
      } catch (error) {
        failed(call.span, error);
        throw error;
      }
      return observedStream(source, {
        finish: (response) => succeed(call.span, response),
        fail: (error) => failed(call.span, error),
        // The consumer stopped early (an abort): the call ends here, with no response.
        stop: () => call.span.end(),
      });
    },
  };
  if (provider.contextWindow !== undefined) Object.assign(traced, { contextWindow: provider.contextWindow });
  return traced;
}
