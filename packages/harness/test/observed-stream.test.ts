import { describe, expect, it } from 'vitest';
import type { ModelResponse, StreamPart } from '@warden/protocol';
import { observedStream } from '../src/tracing/observed-stream.js';

const RESPONSE: ModelResponse = {
  message: { role: 'assistant', parts: [{ type: 'text', text: 'hi' }] },
  usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
  finishReason: 'stop',
  provider: 'p',
  model: 'm',
};

function recorder() {
  const calls: string[] = [];
  return {
    calls,
    observer: {
      finish: (response: ModelResponse) => calls.push(`finish:${response.model}`),
      fail: (error: unknown) => calls.push(`fail:${(error as Error).message}`),
      stop: () => calls.push('stop'),
    },
  };
}

async function* parts(items: StreamPart[], thenThrow?: Error): AsyncGenerator<StreamPart> {
  for (const item of items) yield item;
  if (thenThrow) throw thenThrow;
}

describe('observedStream (the traced provider stream, without a generator layer)', () => {
  it('passes every part through unchanged and reports the finish once', async () => {
    const { calls, observer } = recorder();
    const items: StreamPart[] = [{ type: 'text_delta', text: 'h' }, { type: 'finish', response: RESPONSE }];
    const seen: StreamPart[] = [];
    for await (const part of observedStream(parts(items), observer)) seen.push(part);
    expect(seen).toEqual(items);
    expect(calls).toEqual(['finish:m']);
  });

  it('a stream that ends without a finish part, or is returned early, reports stop once', async () => {
    const ended = recorder();
    for await (const _part of observedStream(parts([{ type: 'text_delta', text: 'h' }]), ended.observer)) {
      // drain
    }
    expect(ended.calls).toEqual(['stop']);
    const early = recorder();
    for await (const _part of observedStream(parts([{ type: 'text_delta', text: 'h' }, { type: 'finish', response: RESPONSE }]), early.observer)) break;
    expect(early.calls).toEqual(['stop']);
  });

  it('a failing read reports fail and rethrows; a failure after the finish reports nothing more', async () => {
    const failing = recorder();
    await expect(
      (async () => {
        for await (const _part of observedStream(parts([{ type: 'text_delta', text: 'h' }], new Error('cut')), failing.observer)) {
          // drain
        }
      })(),
    ).rejects.toThrow('cut');
    expect(failing.calls).toEqual(['fail:cut']);
    const late = recorder();
    await expect(
      (async () => {
        for await (const _part of observedStream(parts([{ type: 'finish', response: RESPONSE }], new Error('late')), late.observer)) {
          // drain
        }
      })(),
    ).rejects.toThrow('late');
    expect(late.calls).toEqual(['finish:m']);
  });
});
