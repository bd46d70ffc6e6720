import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { scriptedProvider } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness } from '@warden/harness';
import { createMcpServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'served-mcp-key-0123456789abcdef';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function served(tracerProvider: BasicTracerProvider) {
  const harness = await createHarness({ workdir: tempWorkspace(), provider: scriptedProvider(['served answer', 'served again']), env: {}, audit: false, tracing: { tracerProvider } });
  const server = await createMcpServer({ agents: [{ name: 'coder', description: 'Answers.', harness }] });
  const http = await server.listen({ port: 0, keys: [KEY] });
  cleanup.push(async () => {
    await server.close();
    await harness.close();
  });
  return http.url;
}

const TRACEPARENT = (traceId: string, spanId: string): string => `00-${traceId}-${spanId}-01`;

describe('one trace across an MCP hop', () => {
  it("a Warden harness calling a Warden MCP server: the served run is a child of the caller's tool span", async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const url = await served(tracerProvider);
    const caller = await createHarness({
      workdir: tempWorkspace(),
      provider: scriptedProvider([{ toolCalls: [{ name: 'remote__coder', args: { task: 'trace me' } }] }, 'done']),
      env: { REMOTE_KEY: KEY },
      audit: false,
      approver: 'yes',
      mcpServers: { remote: { url, headers: { authorization: `Bearer ${KEY}` }, trust: 'trusted' } },
      tracing: { tracerProvider },
    });
    cleanup.push(() => caller.close());
    const result = await caller.run('use the remote MCP server to answer');
    expect(result.stopReason).toBe('done');
    const spans: readonly ReadableSpan[] = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'execute_tool remote__coder');
    expect(tool, spans.map((s) => s.name).join(', ')).toBeDefined();
    const runs = spans.filter((s) => s.name === 'invoke_agent warden');
    expect(runs).toHaveLength(2);
    const child = runs.find((s) => s.parentSpanContext?.spanId === tool!.spanContext().spanId);
    expect(child, "the served run is a child of the caller's tool span").toBeDefined();
    expect(child!.spanContext().traceId).toBe(tool!.spanContext().traceId);
  });

  it('a stock MCP client can carry the trace in the traceparent header or in _meta; a malformed one starts a new trace', async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const url = await served(tracerProvider);
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const viaHeader = new Client({ name: 'header-client', version: '1' });
    await viaHeader.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${KEY}`, traceparent: TRACEPARENT(traceId, '00f067aa0ba902b7') } } }));
    cleanup.push(() => viaHeader.close());
    await viaHeader.callTool({ name: 'coder', arguments: { task: 'one' } });
    const plain = new Client({ name: 'meta-client', version: '1' });
    await plain.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { authorization: `Bearer ${KEY}` } } }));
    cleanup.push(() => plain.close());
    await plain.callTool({ name: 'coder', arguments: { task: 'two' }, _meta: { traceparent: 'not-a-traceparent' } });
    const runs = exporter.getFinishedSpans().filter((s) => s.name === 'invoke_agent warden');
    expect(runs).toHaveLength(2);
    const [first, second] = runs;
    expect(first!.spanContext().traceId).toBe(traceId);
    expect(first!.parentSpanContext?.spanId).toBe('00f067aa0ba902b7');
    expect(second!.spanContext().traceId).not.toBe(traceId);
    expect(second!.parentSpanContext).toBeUndefined();
  });
});
