import type { JsonObject, RunEventOf, RunEventType, ToolContext, ToolOutput, ToolV1 } from '@warden/protocol';
import { RunEvent } from '@warden/protocol/schemas';

/** A read-only tool (so the default gate allows it) with an open object schema unless one is given. */
export function makeTool(
  name: string,
  execute: (args: JsonObject, ctx: ToolContext) => ToolOutput | Promise<ToolOutput>,
  extra: Partial<Omit<ToolV1, 'execute' | 'name' | 'specificationVersion'>> = {},
): ToolV1 {
  return {
    specificationVersion: 'v1',
    name,
    description: `the ${name} tool`,
    inputSchema: { type: 'object', properties: {} },
    annotations: { readOnly: true },
    execute,
    ...extra,
  };
}

export async function collect(stream: AsyncIterable<RunEvent>): Promise<RunEvent[]> {
  const events: RunEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

export function ofType<T extends RunEventType>(events: readonly RunEvent[], type: T): RunEventOf<T>[] {
  return events.filter((e): e is RunEventOf<T> => e.type === type);
}

/** Every event must match the protocol schema. */
export function assertValidEvents(events: readonly RunEvent[]): void {
  for (const event of events) RunEvent.parse(event);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A promise with its resolver, for tools that wait on the test. */
export function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
