import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterEach, describe, expect, it } from 'vitest';
import { createWorker, enqueue, status, watch, type FleetEvent } from '../src/index.js';
import { readJobData } from '../src/fleet-job.js';
import { countTool } from './__fixtures__/count-tool.mjs';
import { startFakeModel } from './helpers/fake-model.js';
import { POSTGRES_URL, tempDir, testQueue } from './helpers/services.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describe('one trace across the queue (enqueue → worker)', () => {
  it("a job carries the caller's trace context and the worker's run spans join that trace under the caller's span", async () => {
    const q = testQueue(cleanups);
    const model = await startFakeModel();
    const workdir = tempDir();
    const effects = path.join(workdir, 'effects.txt');
    writeFileSync(effects, '');
    cleanups.push(() => model.close());
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const worker = await createWorker({
      connection: q.connection,
      queue: q.queue,
      prefix: q.prefix,
      harness: {
        sessions: POSTGRES_URL,
        workdir,
        configs: { default: { provider: 'openai', baseUrl: model.url, model: 'fake', mode: 'yolo', streaming: false } },
        options: { tools: [countTool(effects)], env: { OPENAI_API_KEY: 'sk-test-fleet-0000000000000000' }, tracing: { tracerProvider } },
      },
    });
    cleanups.push(() => worker.close());
    const events: FleetEvent[] = [];
    const w = await watch(q, (e) => events.push(e));
    cleanups.push(() => w.close());

    // The caller's span, on another "machine": only its W3C context crosses the queue.
    const caller = new BasicTracerProvider().getTracer('caller').startSpan('enqueue batch');
    const { traceId, spanId } = caller.spanContext();
    await enqueue([{ id: 'traced', task: 'key=t1', traceContext: { traceparent: `00-${traceId}-${spanId}-01` } }, { id: 'untraced', task: 'key=t2' }], { ...q, propagateTrace: false });
    caller.end();
    const end = Date.now() + 20_000;
    while (events.filter((e) => e.type === 'completed').length < 2) {
      if (Date.now() > end) throw new Error(`timed out: ${JSON.stringify(events.slice(-3))}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect((await status(['traced'], q))[0]!.result).toMatchObject({ status: 'done' });
    expect(readFileSync(effects, 'utf8').trim().split('\n').sort()).toEqual(['t1', 't2']);

    const runs = exporter.getFinishedSpans().filter((s) => s.name.startsWith('invoke_agent'));
    expect(runs).toHaveLength(2);
    const joined = runs.filter((s) => s.spanContext().traceId === traceId);
    expect(joined).toHaveLength(1);
    expect(joined[0]!.parentSpanContext?.spanId).toBe(spanId);
    // Every span of that run (steps, model call, tool call) is in the caller's trace.
    const inTrace = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === traceId);
    expect(inTrace.some((s) => s.name.startsWith('execute_tool'))).toBe(true);
    expect(inTrace.some((s) => s.name.startsWith('chat'))).toBe(true);
  });

  it('refuses a malformed trace context at enqueue, and a worker drops one that reached the queue anyway', async () => {
    const q = testQueue(cleanups);
    await expect(enqueue([{ task: 'x', traceContext: { traceparent: 'not-a-traceparent' } }], q)).rejects.toMatchObject({ code: 'fleet.invalid_job' });
    const data = readJobData({ v: 1, task: 'x', config: 'default', sessionId: 's-1', traceContext: { traceparent: 'bad', tracestate: 'a\r\nb' } });
    expect(data.traceContext).toBeUndefined();
    expect(data.task).toBe('x');
  });
});
