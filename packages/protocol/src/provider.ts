import type { ModelRequest, ModelResponse, ProviderNotice, StreamPart } from './model.js';
import type { INTERFACE_VERSIONS } from './version.js';

export interface CallOptions {
  /** Cancels the call, any retry wait and any stream. */
  signal?: AbortSignal;
  /** Receives retries and provider switches as they happen. */
  onNotice?: (notice: ProviderNotice) => void;
  /**
   * Extra HTTP headers for this call only, e.g. W3C trace context (`traceparent`, `tracestate`)
   * from a tracer. An HTTP provider adds them to each attempt's request; they never replace the
   * provider's own auth or content headers. A provider that speaks no HTTP may ignore them.
   */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A model behind one vendor's API. `complete` and `stream` answer the same
 * request; `stream` ends with one `finish` part carrying the full response.
 */
export interface ProviderV1 {
  readonly specificationVersion: (typeof INTERFACE_VERSIONS)['provider'];
  /** The vendor or preset id, e.g. `openai`, `anthropic`, `ollama`. */
  readonly id: string;
  readonly model: string;
  /** The model's context window in tokens, when known (compaction uses it). */
  readonly contextWindow?: number;
  complete(request: ModelRequest, options?: CallOptions): Promise<ModelResponse>;
  stream(request: ModelRequest, options?: CallOptions): AsyncIterable<StreamPart>;
}

/** Short name for `ProviderV1`, following the newest version; code that must not move across majors names `ProviderV1`. */
export type Provider = ProviderV1;
