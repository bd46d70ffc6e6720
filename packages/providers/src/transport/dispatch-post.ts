import type { Dispatcher } from 'undici';
import { globalDispatcher } from './global-dispatcher.js';
import type { HeaderBag } from './retry-after.js';

/** Buffered bytes past which reading from the socket pauses until the consumer catches up. */
const HIGH_WATER_BYTES = 1 << 20;

export interface PostOptions {
  headers: Record<string, string>;
  /** Text is sent as UTF-8; bytes as they are (a multipart form, audio). */
  body: string | Uint8Array | undefined;
  /** Default POST; GET polls a job or downloads a result (`send`). */
  method?: 'GET' | 'POST';
  headersTimeout: number;
  bodyTimeout: number;
  signal?: AbortSignal;
  dispatcher?: Dispatcher;
}

export interface PostResponse {
  statusCode: number;
  headers: HeaderBag;
  body: ResponseBody;
}

/**
 * One POST through undici's dispatcher API. `undici.request` wraps every body
 * in a Node Readable and reads it through its async iterator; that machinery
 * was the largest single cost of a loop step. This hands the chunks to a small
 * queue instead (with backpressure), and keeps the same timeouts, abort and
 * connection pooling, since the dispatcher is the same.
 */
export function dispatchPost(target: PostTarget, options: PostOptions): Promise<PostResponse> {
  const { origin, path } = target;
  const dispatcher = options.dispatcher ?? globalDispatcher();
  const signal = options.signal;
  return new Promise<PostResponse>((resolve, reject) => {
    let controller: Dispatcher.DispatchController | undefined;
    let body: ResponseBody | undefined;
    let settled = false;
    const onAbort = (): void => controller?.abort(asError(signal?.reason));
    const done = (): void => {
      settled = true;
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal) {
      if (signal.aborted) {
        reject(asError(signal.reason));
        return;
      }
      signal.addEventListener('abort', onAbort, { once: true });
    }
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        if (signal?.aborted) c.abort(asError(signal.reason));
      },
      onResponseStart(c, statusCode, headers) {
        // 1xx answers come before the real one: wait for it.
        if (statusCode < 200) return;
        body = new ResponseBody(c);
        resolve({ statusCode, headers, body });
      },
      onResponseData(_c, chunk) {
        body?.push(chunk);
      },
      onResponseEnd() {
        done();
        body?.end();
      },
      onResponseError(_c, error) {
        if (settled) return;
        done();
        if (body) body.fail(error);
        else reject(error);
      },
    };
    const dispatchOptions: Dispatcher.DispatchOptions = {
      origin,
      path,
      method: options.method ?? 'POST',
      headers: options.headers,
      body: options.body ?? null,
      headersTimeout: options.headersTimeout,
      bodyTimeout: options.bodyTimeout,
    };
    try {
      dispatcher.dispatch(dispatchOptions, handler);
    } catch (error) {
      done();
      reject(asError(error));
    }
  });
}

/** An abort reason or a thrown value as an Error (a DOMException already is one). */
function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value), { cause: value });
}

/** Where a request goes, as the dispatcher wants it. */
export interface PostTarget {
  origin: string;
  /** The path with its query string. */
  path: string;
}

export function splitUrl(url: string): PostTarget {
  const parsed = new URL(url);
  return { origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` };
}

interface Waiter {
  resolve: (result: IteratorResult<Buffer>) => void;
  reject: (error: Error) => void;
}

/**
 * The body of one response: an async iterable of chunks, read once. Chunks
 * are queued as they arrive; past a high-water mark the socket is paused
 * until the consumer catches up. `destroy()` aborts the request if it has
 * not ended, so leaving early never leaves the connection half-read.
 */
export class ResponseBody implements AsyncIterable<Buffer>, AsyncIterator<Buffer> {
  private readonly chunks: Buffer[] = [];
  private queued = 0;
  private waiter: Waiter | undefined;
  private ended = false;
  private failure: { error: Error } | undefined;

  constructor(private readonly controller: Dispatcher.DispatchController) {}

  /** Bytes received and not yet read. */
  get queuedBytes(): number {
    return this.queued;
  }

  /** The response ended, failed or was destroyed. */
  get destroyed(): boolean {
    return this.ended || this.failure !== undefined;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Buffer>> {
    const chunk = this.chunks.shift();
    if (chunk) {
      this.queued -= chunk.length;
      if (this.controller.paused && this.queued < HIGH_WATER_BYTES / 2) this.controller.resume();
      return Promise.resolve({ done: false, value: chunk });
    }
    if (this.failure) return Promise.reject(this.failure.error);
    if (this.ended) return Promise.resolve({ done: true, value: undefined });
    return new Promise((resolve, reject) => {
      this.waiter = { resolve, reject };
    });
  }

  return(): Promise<IteratorResult<Buffer>> {
    this.destroy();
    return Promise.resolve({ done: true, value: undefined });
  }

  /** The whole body as UTF-8 text. */
  async text(): Promise<string> {
    const parts: Buffer[] = [];
    for await (const chunk of this) parts.push(chunk);
    return parts.length === 1 ? parts[0]!.toString('utf8') : Buffer.concat(parts).toString('utf8');
  }

  /** Stops reading: aborts the request unless it already ended; queued chunks are dropped. */
  destroy(): void {
    this.chunks.length = 0;
    if (this.destroyed) return;
    const error = new Error('the response body was not read to its end');
    this.fail(error);
    this.controller.abort(error);
  }

  push(chunk: Buffer): void {
    if (this.destroyed) return;
    const waiter = this.waiter;
    if (waiter) {
      this.waiter = undefined;
      waiter.resolve({ done: false, value: chunk });
      return;
    }
    this.chunks.push(chunk);
    this.queued += chunk.length;
    if (this.queued > HIGH_WATER_BYTES && !this.controller.paused) this.controller.pause();
  }

  end(): void {
    if (this.destroyed) return;
    this.ended = true;
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.resolve({ done: true, value: undefined });
  }

  fail(error: Error): void {
    if (this.destroyed) return;
    // Chunks that arrived before the failure are still handed out first.
    this.failure = { error };
    const waiter = this.waiter;
    this.waiter = undefined;
    waiter?.reject(error);
  }
}
