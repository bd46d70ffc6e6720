import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { RunError, textOf } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createAgent } from '../src/index.js';

const Answer = z.object({ city: z.string(), population: z.number().int() });

describe('structured output', () => {
  it('validates the final answer and returns the parsed value; the schema goes with each request', async () => {
    const provider = scriptedProvider(['```json\n{"city":"Lyon","population":522000}\n```']);
    const result = await createAgent({ provider, output: Answer }).run('x');
    expect(result.structured).toEqual({ city: 'Lyon', population: 522000 });
    expect(provider.requests[0]!.responseFormat).toMatchObject({ type: 'json', name: 'output', schema: { type: 'object' } });
  });

  it('sends the full JSON Schema of the output (properties and required), not just its type', async () => {
    const provider = scriptedProvider(['{"city":"Lyon","population":522000}']);
    await createAgent({ provider, output: Answer }).run('x');
    expect(provider.requests[0]!.responseFormat?.schema).toMatchObject({
      type: 'object',
      properties: { city: { type: 'string' }, population: { type: 'integer' } },
      required: ['city', 'population'],
    });
  });

  it('tells the model what was wrong and retries', async () => {
    const provider = scriptedProvider(['Lyon, about half a million', '{"city":"Lyon","population":"many"}', '{"city":"Lyon","population":522000}']);
    const result = await createAgent({ provider, output: Answer }).run('x');
    expect(result.stopReason).toBe('done');
    expect(result.structured).toEqual({ city: 'Lyon', population: 522000 });
    expect(textOf(provider.requests[1]!.messages.at(-1)!)).toContain('not valid JSON');
    expect(textOf(provider.requests[2]!.messages.at(-1)!)).toContain('population');
  });

  it('fails with run.structured_output_failed after outputRetries', async () => {
    const provider = scriptedProvider(['no', 'still no']);
    const error = await createAgent({ provider, output: Answer, outputRetries: 1 }).run('x').catch((e: unknown) => e);
    expect(RunError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'run.structured_output_failed' });
    expect(provider.requests).toHaveLength(2);
  });
});
