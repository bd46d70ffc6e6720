import type { JsonObject, ModelRequest, StreamPart, ToolV1 } from '@warden/protocol';

/** A read-only tool the agent loop runs on its own (the default gate allows read-only tools). */
export function weatherTool(calls: JsonObject[] = []): ToolV1 & { calls: JsonObject[] } {
  return {
    specificationVersion: 'v1',
    name: 'get_weather',
    description: 'The weather in a city',
    inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
    annotations: { readOnly: true },
    calls,
    execute(args) {
      calls.push(args);
      return `sunny, 21 °C in ${String(args.city)}`;
    },
  };
}

export const weatherSpec: NonNullable<ModelRequest['tools']> = [
  { name: 'get_weather', description: 'The weather in a city', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
];

export async function collect(stream: AsyncIterable<StreamPart>): Promise<StreamPart[]> {
  const parts: StreamPart[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

export function finishOf(parts: readonly StreamPart[]): Extract<StreamPart, { type: 'finish' }>['response'] {
  const last = parts.at(-1);
  if (last?.type !== 'finish') throw new Error(`the stream did not end with finish: ${JSON.stringify(last)}`);
  return last.response;
}
