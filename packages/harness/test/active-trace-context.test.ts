import { context, trace } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeTraceContext, isTraceContextCarrier } from '../src/index.js';
import { useAsyncContext } from './helpers/async-context.js';

let stop: () => void;
beforeAll(() => {
  stop = useAsyncContext();
});
afterAll(() => stop());

describe('activeTraceContext', () => {
  it('is the active span as W3C trace context, and undefined outside any span', async () => {
    const tracer = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new InMemorySpanExporter())] }).getTracer('test');
    expect(await activeTraceContext()).toBeUndefined();
    const span = tracer.startSpan('caller');
    const carrier = await context.with(trace.setSpan(context.active(), span), () => activeTraceContext());
    span.end();
    const { traceId, spanId } = span.spanContext();
    expect(carrier).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });
    expect(isTraceContextCarrier(carrier)).toBe(true);
  });

  it('is undefined when @opentelemetry/api is not installed', async () => {
    const missing = (): Promise<unknown> => Promise.reject(Object.assign(new Error('not found'), { code: 'ERR_MODULE_NOT_FOUND' }));
    expect(await activeTraceContext(missing)).toBeUndefined();
  });
});

describe('isTraceContextCarrier', () => {
  const good = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
  it.each([
    [{ traceparent: good }, true],
    [{ traceparent: good, tracestate: 'vendor=a' }, true],
    [{ traceparent: good.toUpperCase() }, false],
    [{ traceparent: `00-${'0'.repeat(32)}-00f067aa0ba902b7-01` }, false],
    [{ traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01' }, false],
    [{ traceparent: good, tracestate: 'a\r\nX-Injected: 1' }, false],
    [{ traceparent: good, tracestate: 'x'.repeat(513) }, false],
    [{ traceparent: good, extra: 1 }, false],
    ['00-…', false],
    [null, false],
  ])('%j → %s', (value, expected) => {
    expect(isTraceContextCarrier(value)).toBe(expected);
  });
});
