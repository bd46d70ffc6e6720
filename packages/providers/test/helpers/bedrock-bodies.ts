// Bedrock fixtures for this package's tests: the fake credentials and Converse bodies and streams.
// The runtime's SigV4 check and the event-stream framing are the shared @warden/test-servers'.
import { frame } from '@warden/test-servers';
import type { AwsCredentials } from '../../src/index.js';

type Obj = Record<string, unknown>;

export const AWS_CREDENTIALS: AwsCredentials = {
  accessKeyId: 'AKIAFAKEKEYID0000001',
  secretAccessKey: 'fAkEsEcReT/FAKEKEY/DONOTLEAK+0123456789ab',
  sessionToken: 'IQoJb3JpZ2luX2VjEFAKESESSIONTOKEN//////////wEaCXVzLWVhc3QtMSJHMEUCIQD',
};

/** The ConverseStream events for content blocks, a stop reason and usage, framed. */
export function converseStream(blocks: Obj[], stopReason: string, usage: Obj = { inputTokens: 30, outputTokens: 12, totalTokens: 42 }): Uint8Array {
  const frames: Uint8Array[] = [frame('event', 'messageStart', { role: 'assistant', p: 'abcdefgh' })];
  blocks.forEach((block, contentBlockIndex) => {
    if (block.toolUse) {
      const toolUse = block.toolUse as Obj;
      frames.push(frame('event', 'contentBlockStart', { contentBlockIndex, start: { toolUse: { toolUseId: toolUse.toolUseId, name: toolUse.name } }, p: 'ab' }));
      const input = JSON.stringify(toolUse.input);
      for (const piece of [input.slice(0, 5), input.slice(5)]) frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { toolUse: { input: piece } }, p: 'abc' }));
    } else if (typeof block.text === 'string') {
      const text = block.text;
      const half = Math.ceil(text.length / 2);
      for (const piece of [text.slice(0, half), text.slice(half)]) frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { text: piece }, p: 'abcd' }));
    } else if (block.reasoningContent) {
      const reasoning = (block.reasoningContent as Obj).reasoningText as Obj;
      frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { text: reasoning.text } } }));
      frames.push(frame('event', 'contentBlockDelta', { contentBlockIndex, delta: { reasoningContent: { signature: reasoning.signature } } }));
    }
    frames.push(frame('event', 'contentBlockStop', { contentBlockIndex, p: 'a' }));
  });
  frames.push(frame('event', 'messageStop', { stopReason, p: 'abcdef' }));
  frames.push(frame('event', 'metadata', { usage, metrics: { latencyMs: 321 }, p: 'abc' }));
  return Buffer.concat(frames);
}

/** The non-streaming Converse body for the same content. */
export function converseBody(blocks: Obj[], stopReason: string, usage: Obj = { inputTokens: 30, outputTokens: 12, totalTokens: 42 }): Obj {
  return { output: { message: { role: 'assistant', content: blocks } }, stopReason, usage, metrics: { latencyMs: 321 } };
}
