import { createRequestValidator } from './request-validator.js';
import type { ModelRequest, AssistantMessage, CallOptions, FinishReason, ModelResponse, ProviderV1, StreamPart, Usage } from '@warden/protocol';
import type { PriceTable } from '../pricing/price-table.js';
import type { SseEvent } from '../sse/sse-parser.js';
import type { ProviderHealth } from '../transport/health.js';
import type { HttpRequest, HttpTransport } from '../transport/http-transport.js';

/** What an adapter reads out of one vendor answer. */
export interface ParsedAnswer {
  message: AssistantMessage;
  usage: Usage;
  finishReason: FinishReason;
  /** The vendor's id of the answer (`chatcmpl-…`, `msg_…`), used when no request id header came. */
  responseId?: string;
}

export type AdapterStreamItem = Exclude<StreamPart, { type: 'finish' }>;

/** Reads one vendor stream event by event (see `SseReader`). */
export interface VendorStreamReader {
  /** Pushes the parts `event` completes onto `out`; returns true at the vendor's end marker. */
  event(event: SseEvent, out: AdapterStreamItem[]): boolean;
  /** The body ended: the whole answer, or a `provider.network` error when the stream was cut short. */
  finish(): ParsedAnswer;
}

/** One vendor's wire format: how to ask, how to read a reply and a stream. */
export interface VendorAdapter {
  request(request: ModelRequest, stream: boolean): HttpRequest;
  parse(body: unknown): ParsedAnswer;
  streamReader(): VendorStreamReader;
}

/** A provider built on the shared transport, with its counters. */
export interface HttpProvider extends ProviderV1 {
  health(): ProviderHealth;
}

export interface HttpProviderInit {
  id: string;
  model: string;
  contextWindow?: number;
  adapter: VendorAdapter;
  transport: HttpTransport;
  prices: PriceTable;
  /** The id prices are looked up under (the vendor family or the preset id). */
  priceProvider: string;
  /** Local models cost nothing: costUsd is 0. */
  free?: boolean;
}

/**
 * A call's extra headers (trace context) added to the adapter's request. The adapter's own headers
 * and the transport's win: a caller cannot replace auth, content or framing headers through
 * `CallOptions.headers`, and a name or value that could split a header is dropped.
 */
const RESERVED_HEADERS = ['content-type', 'content-length', 'accept', 'host', 'transfer-encoding', 'connection', 'authorization', 'x-api-key', 'x-goog-api-key'];

function withCallHeaders(request: HttpRequest, extra: CallOptions['headers']): HttpRequest {
  if (!extra) return request;
  const own = new Set([...RESERVED_HEADERS, ...Object.keys(request.headers).map((name) => name.toLowerCase())]);
  const headers: Record<string, string> = { ...request.headers };
  for (const [name, value] of Object.entries(extra)) {
    if (!own.has(name.toLowerCase()) && /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name) && !/[\r\n]/.test(value)) headers[name] = value;
  }
  return { ...request, headers };
}

export function createHttpProvider(init: HttpProviderInit): HttpProvider {
  const { id, model, adapter, transport, prices } = init;
  const validate = createRequestValidator(id);

  function respond(answer: ParsedAnswer, requestId: string | undefined): ModelResponse {
    const response: ModelResponse = { message: answer.message, usage: answer.usage, finishReason: answer.finishReason, provider: id, model };
    const cost = init.free ? 0 : prices.costOf(init.priceProvider, model, answer.usage);
    if (cost !== undefined) response.costUsd = cost;
    const rid = requestId ?? answer.responseId;
    if (rid !== undefined) response.requestId = rid;
    return response;
  }

  async function complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelResponse> {
    const valid = await validate(request);
    const result = await transport.postJson(withCallHeaders(adapter.request(valid, false), options.headers), options);
    return respond(adapter.parse(result.body), result.requestId);
  }

  async function* stream(request: ModelRequest, options: CallOptions = {}): AsyncGenerator<StreamPart> {
    const valid = await validate(request);
    yield* transport.postSse<StreamPart>(
      withCallHeaders(adapter.request(valid, true), options.headers),
      (context) => {
        const reader = adapter.streamReader();
        return {
          event: (event, out) => reader.event(event, out as AdapterStreamItem[]),
          end: (out) => {
            out.push({ type: 'finish', response: respond(reader.finish(), context.requestId) });
          },
        };
      },
      options,
    );
  }

  const provider: HttpProvider = {
    specificationVersion: 'v1',
    id,
    model,
    complete,
    stream,
    health: () => transport.health(),
  };
  const window = init.contextWindow ?? prices.lookup(init.priceProvider, model)?.contextWindow;
  if (window !== undefined) Object.assign(provider, { contextWindow: window });
  return provider;
}
