import { createRequestValidator } from './request-validator.js';
import type { JsonObject, ModelRequest, AssistantMessage, CallOptions, FinishReason, ModelResponse, ProviderV1, StreamPart, Usage } from '@warden/protocol';
import type { PriceTable } from '../pricing/price-table.js';
import type { SseEvent } from '../sse/sse-parser.js';
import type { ProviderHealth } from '../transport/health.js';
import type { HttpRequest, HttpTransport, SseReader, StreamContext } from '../transport/http-transport.js';
import type { GenerationParameters } from '../parameters/generation-parameters.js';
import { deepMerge, type ParameterPlan, type PlanBuilder } from '../parameters/plan-builder.js';
import { planParameters, type ParameterWire, type PlanContext } from '../parameters/plan-parameters.js';

/** What an adapter reads out of one vendor answer. */
export interface ParsedAnswer {
  message: AssistantMessage;
  usage: Usage;
  finishReason: FinishReason;
  /** The vendor's id of the answer (`chatcmpl-…`, `msg_…`), used when no request id header came. */
  responseId?: string;
}

/** A stream whose first read fails with `error`: a refused request fails where a generator's would. */
// eslint-disable-next-line require-yield -- it has no items, only the failure
async function* failedStream(error: unknown): AsyncGenerator<never> {
  throw error;
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
  /**
   * What this provider does with its generation parameters (and the request's own temperature and
   * output limit), without sending anything: `sent`, `dropped` and `adjusted` with reasons, and
   * the `payload` that would go on the wire (headers aside). Without a request, a one-line one.
   */
  explain(request?: ModelRequest): ParameterPlan;
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
  /** The parameter mapping this adapter's wire takes. */
  wire: ParameterWire;
  /** Generation parameters, checked now (a ParameterError when the provider cannot take them). */
  parameters?: GenerationParameters | undefined;
  /** The max tokens the adapter sends when none is given (Claude's thinking budget must fit below it). */
  defaultMaxTokens?: number | undefined;
}

/** Where each wire's adapter reads `providerOptions`: the plan's fields are merged under this key. */
const VENDOR_KEY: Record<ParameterWire, string> = { 'openai-chat': 'openai', 'openai-responses': 'openai', anthropic: 'anthropic', gemini: 'gemini', bedrock: 'bedrock' };

const SAMPLE_REQUEST: ModelRequest = { messages: [{ role: 'user', parts: [{ type: 'text', text: '…' }] }] };

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
  const context: PlanContext = { wire: init.wire, host: id, model, ...(init.defaultMaxTokens !== undefined ? { defaultMaxTokens: init.defaultMaxTokens } : {}) };
  const parameters = { ...init.parameters };
  // Checked now: a provider that cannot take its parameters is not built.
  const basePlan = planParameters(parameters, context);
  const hasParameters = Object.values(parameters).some((value) => value !== undefined);
  const vendorKey = VENDOR_KEY[init.wire];

  /** The request as the adapter sees it: the plan's values in, what the model would reject out. */
  function prepare(request: ModelRequest): { request: ModelRequest; plan: PlanBuilder } {
    const own = request.temperature !== undefined || request.maxOutputTokens !== undefined;
    if (!hasParameters && !own) return { request, plan: basePlan };
    const plan = own
      ? planParameters(
          {
            ...parameters,
            ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
            ...(request.maxOutputTokens !== undefined ? { maxTokens: request.maxOutputTokens } : {}),
          },
          context,
        )
      : basePlan;
    const out: ModelRequest = { ...request };
    delete out.temperature;
    delete out.maxOutputTokens;
    if (plan.temperature !== undefined) out.temperature = plan.temperature;
    if (plan.maxOutputTokens !== undefined) out.maxOutputTokens = plan.maxOutputTokens;
    if (Object.keys(plan.vendor).length > 0) {
      out.providerOptions = { ...request.providerOptions, [vendorKey]: deepMerge(plan.vendor, request.providerOptions?.[vendorKey]) };
    }
    return { request: out, plan };
  }

  function respond(answer: ParsedAnswer, requestId: string | undefined): ModelResponse {
    const response: ModelResponse = { message: answer.message, usage: answer.usage, finishReason: answer.finishReason, provider: id, model };
    const cost = init.free ? 0 : prices.costOf(init.priceProvider, model, answer.usage);
    if (cost !== undefined) response.costUsd = cost;
    const rid = requestId ?? answer.responseId;
    if (rid !== undefined) response.requestId = rid;
    return response;
  }

  async function complete(request: ModelRequest, options: CallOptions = {}): Promise<ModelResponse> {
    const valid = prepare(await validate(request)).request;
    const result = await transport.postJson(withCallHeaders(adapter.request(valid, false), options.headers), options);
    return respond(adapter.parse(result.body), result.requestId);
  }

  function sseRequest(valid: ModelRequest, options: CallOptions): HttpRequest {
    return withCallHeaders(adapter.request(prepare(valid).request, true), options.headers);
  }

  function readParts(context: StreamContext): SseReader<StreamPart> {
    const reader = adapter.streamReader();
    return {
      event: (event, out) => reader.event(event, out as AdapterStreamItem[]),
      end: (out) => {
        out.push({ type: 'finish', response: respond(reader.finish(), context.requestId) });
      },
    };
  }

  async function* streamAfterCheck(checked: Promise<ModelRequest>, options: CallOptions): AsyncGenerator<StreamPart> {
    yield* transport.postSse<StreamPart>(sseRequest(await checked, options), readParts, options);
  }

  // Not a generator itself when the request passes the quick checks (the usual case): it hands out
  // the transport's generator, so each part crosses one async-generator layer fewer. A request that
  // is refused still fails on the first read, as a generator's would.
  function stream(request: ModelRequest, options: CallOptions = {}): AsyncGenerator<StreamPart> {
    let wire: HttpRequest;
    try {
      const checked = validate(request);
      if (checked instanceof Promise) return streamAfterCheck(checked, options);
      wire = sseRequest(checked, options);
    } catch (error) {
      return failedStream(error);
    }
    return transport.postSse<StreamPart>(wire, readParts, options);
  }

  const provider: HttpProvider = {
    specificationVersion: 'v1',
    id,
    model,
    complete,
    stream,
    health: () => transport.health(),
    explain(request) {
      // Nothing is sent, so a value the quick checks are unsure of is not awaited here: the
      // schema still judges it when the request is really made.
      const checked = request ? validate(request) : SAMPLE_REQUEST;
      if (checked instanceof Promise) checked.catch(() => undefined);
      const prepared = prepare(request ?? SAMPLE_REQUEST);
      const wire = adapter.request(prepared.request, false);
      const payload = (wire.json !== undefined ? JSON.parse(wire.json) : wire.body) as JsonObject;
      return { ...prepared.plan.plan(), payload };
    },
  };
  const window = init.contextWindow ?? prices.lookup(init.priceProvider, model)?.contextWindow;
  if (window !== undefined) Object.assign(provider, { contextWindow: window });
  return provider;
}
