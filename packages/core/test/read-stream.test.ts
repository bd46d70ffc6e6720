import { describe, expect, it } from 'vitest';
import type { ModelResponse, StreamPart } from '@warden/protocol';
import { ABORTED } from '../src/abort.js';
import { readStream } from '../src/read-stream.js';

const RESPONSE: ModelResponse = {
  message: { role: 'assistant', parts: [{ type: 'text', text: 'hi' }] },
  usage: { inputTokens: 1, outputTokens: 1, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 },
  finishReason: 'stop',
  provider: 'hand',
  model: 'm',
};

/** A hand-written iterator: each read answers from `reads` (a part, 'end', 'hang' or 'throw'); it records its calls. */
function handIterator(reads: Array<StreamPart | 'end' | 'hang' | 'throw'>) {
  const calls: string[] = [];
  let index = 0;
  const iterator: AsyncIterator<StreamPart> = {
    next() {
      calls.push('next');
      const read = reads[index++];
      if (read === 'throw') throw new Error('thrown by next');
      if (read === 'hang') return new Promise(() => undefined);
      if (read === undefined || read === 'end') return Promise.resolve({ done: true, value: undefined });
      return Promise.resolve({ done: false, value: read });
    },
    return() {
      calls.push('return');
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return { iterator, calls };
}

describe('readStream (the streamed model call)', () => {
  it('hands each part before the finish to onPart, closes the stream, then answers the finish response', async () => {
    const { iterator, calls } = handIterator([{ type: 'text_delta', text: 'h' }, { type: 'text_delta', text: 'i' }, { type: 'finish', response: RESPONSE }, 'hang']);
    const seen: string[] = [];
    const response = await readStream(iterator, new AbortController().signal, (part) => seen.push(part.type === 'text_delta' ? part.text : part.type));
    expect(response).toBe(RESPONSE);
    expect(seen).toEqual(['h', 'i']);
    expect(calls).toEqual(['next', 'next', 'next', 'return']);
  });

  it('an abort while a read hangs (a provider that ignores the signal) answers ABORTED at once and returns the stream', async () => {
    const { iterator, calls } = handIterator([{ type: 'text_delta', text: 'x' }, 'hang']);
    const controller = new AbortController();
    const reading = readStream(iterator, controller.signal, () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    expect(await reading).toBe(ABORTED);
    expect(calls).toEqual(['next', 'next', 'return']);
  });

  it('an abort from inside onPart stops reading: no further read is made', async () => {
    const { iterator, calls } = handIterator([{ type: 'text_delta', text: 'x' }, { type: 'text_delta', text: 'y' }, { type: 'finish', response: RESPONSE }]);
    const controller = new AbortController();
    expect(await readStream(iterator, controller.signal, () => controller.abort())).toBe(ABORTED);
    expect(calls).toEqual(['next', 'return']);
  });

  it('an already-aborted signal reads nothing', async () => {
    const { iterator, calls } = handIterator([{ type: 'finish', response: RESPONSE }]);
    expect(await readStream(iterator, AbortSignal.abort(), () => undefined)).toBe(ABORTED);
    expect(calls).toEqual(['return']);
  });

  it('a stream that ends without a finish part answers undefined (the caller names the fault)', async () => {
    const { iterator } = handIterator([{ type: 'text_delta', text: 'x' }, 'end']);
    expect(await readStream(iterator, new AbortController().signal, () => undefined)).toBeUndefined();
  });

  it('a read that throws, or an onPart that throws, rejects with that error', async () => {
    const thrower = handIterator(['throw']);
    await expect(readStream(thrower.iterator, new AbortController().signal, () => undefined)).rejects.toThrow('thrown by next');
    const parts = handIterator([{ type: 'text_delta', text: 'x' }, 'hang']);
    await expect(
      readStream(parts.iterator, new AbortController().signal, () => {
        throw new Error('listener failed');
      }),
    ).rejects.toThrow('listener failed');
  });
});
