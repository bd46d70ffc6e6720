import { writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { scriptedProvider } from '@warden/protocol/testing';
import { describe, expect, it } from 'vitest';
import { createHarness, TRACING_ERROR_CODES, TracingError, validateHarnessOptions } from '../src/index.js';
import { loadOtelApi } from '../src/tracing/load-otel-api.js';
import { tempWorkspace } from './helpers/workspace.js';

function memoryTracing(): { exporter: InMemorySpanExporter; tracerProvider: BasicTracerProvider } {
  const exporter = new InMemorySpanExporter();
  return { exporter, tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }) };
}

function byName(spans: readonly ReadableSpan[], name: string): ReadableSpan[] {
  return spans.filter((s) => s.name === name);
}

function one(spans: readonly ReadableSpan[], name: string): ReadableSpan {
  const found = byName(spans, name);
  expect(found, `spans named ${name}: ${spans.map((s) => s.name).join(', ')}`).toHaveLength(1);
  return found[0]!;
}

function parentOf(span: ReadableSpan): string | undefined {
  return span.parentSpanContext?.spanId;
}

const AWS_KEY = 'AKIA' + 'Q3EXAMPLE7RT5ZXK';

describe('tracing (OpenTelemetry GenAI spans)', () => {
  it('traces run, steps, model calls, tool calls, gate decisions, approvals and a sub-agent, in one tree, without content by default', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'a.txt'), 'alpha\n');
    const provider = scriptedProvider(
      [
        { toolCalls: [{ id: 'c1', name: 'read_file', args: { path: 'a.txt' } }], usage: { inputTokens: 100, outputTokens: 20 } },
        { toolCalls: [{ id: 'c2', name: 'write_file', args: { path: 'b.txt', content: 'beta' } }] },
        { toolCalls: [{ id: 'c3', name: 'delegate', args: { agent: 'helper', task: 'read a.txt' } }] },
        { toolCalls: [{ id: 'c4', name: 'read_file', args: { path: 'a.txt' } }] },
        'child done',
        'all done',
      ],
      { id: 'openai', model: 'gpt-4o' },
    );
    const { exporter, tracerProvider } = memoryTracing();
    const harness = await createHarness({
      workdir: dir,
      provider,
      env: {},
      audit: false,
      approver: 'yes',
      subagents: { helper: { description: 'reads files', tools: ['read_file'] } },
      tracing: { tracerProvider },
    });
    try {
      const result = await harness.run('read a.txt, then write b.txt');
      expect(result.stopReason).toBe('done');
    } finally {
      await harness.close();
    }
    const spans = exporter.getFinishedSpans();
    const run = one(spans, 'invoke_agent warden');
    expect(parentOf(run)).toBeUndefined();
    expect(run.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.system': 'openai',
      'gen_ai.request.model': 'gpt-4o',
      'warden.run.stop_reason': 'done',
    });
    expect(run.attributes['gen_ai.conversation.id']).toEqual(expect.any(String));
    expect(run.attributes['gen_ai.usage.input_tokens']).toBeGreaterThanOrEqual(100);
    const steps = spans.filter((s) => s.name.startsWith('step '));
    expect(steps.map((s) => s.name).sort()).toEqual(['step 1', 'step 2', 'step 3', 'step 4']);
    for (const step of steps) expect(parentOf(step)).toBe(run.spanContext().spanId);

    const chats = byName(spans, 'chat gpt-4o');
    expect(chats).toHaveLength(6);
    const first = chats.find((c) => c.attributes['gen_ai.usage.input_tokens'] === 100)!;
    expect(first.kind).toBe(2); // CLIENT
    expect(first.attributes).toMatchObject({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o',
      'gen_ai.response.model': 'gpt-4o',
      'gen_ai.usage.output_tokens': 20,
      'gen_ai.response.finish_reasons': ['tool_calls'],
    });
    expect(parentOf(first)).toBe(steps.find((s) => s.name === 'step 1')!.spanContext().spanId);

    const reads = byName(spans, 'execute_tool read_file');
    expect(reads).toHaveLength(2);
    const parentRead = reads.find((r) => r.attributes['gen_ai.tool.call.id'] === 'c1')!;
    expect(parentRead.attributes).toMatchObject({ 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': 'read_file', 'gen_ai.tool.type': 'function', 'warden.tool.status': 'ok' });
    const gate = byName(spans, 'gate read_file').find((g) => g.attributes['gen_ai.tool.call.id'] === 'c1')!;
    expect(gate.attributes).toMatchObject({ 'warden.gate.effect': 'allow' });
    expect(parentOf(gate)).toBe(parentRead.spanContext().spanId);

    const write = one(spans, 'execute_tool write_file');
    const approval = one(spans, 'approval write_file');
    expect(parentOf(approval)).toBe(write.spanContext().spanId);
    expect(approval.attributes).toMatchObject({ 'warden.approval.approver_kind': 'automatic', 'warden.approval.outcome': 'approved', 'warden.approval.automatic': true });
    expect(one(spans, 'gate write_file').attributes['warden.gate.effect']).toBe('ask');

    const delegate = one(spans, 'execute_tool delegate');
    const helper = one(spans, 'invoke_agent helper');
    expect(parentOf(helper)).toBe(delegate.spanContext().spanId);
    expect(helper.attributes).toMatchObject({ 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'helper', 'warden.run.stop_reason': 'done' });
    const childRead = reads.find((r) => r.attributes['gen_ai.tool.call.id'] === 'c4')!;
    expect(parentOf(childRead)).toBe(helper.spanContext().spanId);
    expect(chats.filter((c) => parentOf(c) === helper.spanContext().spanId)).toHaveLength(2);

    // One trace; content is off by default.
    expect(new Set(spans.map((s) => s.spanContext().traceId)).size).toBe(1);
    const all = JSON.stringify(spans.map((s) => s.attributes));
    expect(all).not.toContain('gen_ai.input.messages');
    expect(all).not.toContain('gen_ai.tool.call.arguments');
    expect(all).not.toContain('alpha');
  });

  it('records content only when asked, and only after the redactor', async () => {
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'creds.txt'), `aws_access_key_id = ${AWS_KEY}\n`);
    const provider = scriptedProvider([{ toolCalls: [{ name: 'read_file', args: { path: 'creds.txt' } }] }, `the key is ${AWS_KEY}`]);
    const { exporter, tracerProvider } = memoryTracing();
    const harness = await createHarness({ workdir: dir, provider, env: {}, audit: false, tracing: { tracerProvider, captureContent: true } });
    try {
      await harness.run(`read creds.txt; my own key is ${AWS_KEY}`);
    } finally {
      await harness.close();
    }
    const spans = exporter.getFinishedSpans();
    const all = JSON.stringify(spans.map((s) => s.attributes));
    expect(all).not.toContain(AWS_KEY);
    const tool = one(spans, 'execute_tool read_file');
    expect(tool.attributes['gen_ai.tool.call.arguments']).toContain('creds.txt');
    expect(tool.attributes['gen_ai.tool.call.result']).toContain('[redacted:');
    const chats = byName(spans, 'chat scripted-model');
    expect(String(chats[0]!.attributes['gen_ai.input.messages'])).toContain('read creds.txt');
    expect(String(chats[0]!.attributes['gen_ai.input.messages'])).toContain('[redacted:');
    expect(String(chats[1]!.attributes['gen_ai.output.messages'])).toContain('[redacted:');
  });

  it('sends the model span as traceparent to the provider over HTTP, and joins a trace begun elsewhere', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', model: 'gpt-4o', choices: [{ index: 0, message: { role: 'assistant', content: 'hello' }, finish_reason: 'stop' }], usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    const { exporter, tracerProvider } = memoryTracing();
    const harness = await createHarness({ workdir: tempWorkspace(), provider: 'openai', model: 'gpt-4o', baseUrl: url, streaming: false, env: { OPENAI_API_KEY: 'sk-test-not-a-real-key-000000' }, audit: false, tracing: { tracerProvider } });
    const remoteTrace = '4bf92f3577b34da6a3ce929d0e0e4736';
    try {
      const result = await harness.run('say hello', { traceContext: { traceparent: `00-${remoteTrace}-00f067aa0ba902b7-01` } });
      expect(result.output).toBe('hello');
    } finally {
      await harness.close();
      server.close();
    }
    const spans = exporter.getFinishedSpans();
    const chat = one(spans, 'chat gpt-4o');
    const run = one(spans, 'invoke_agent warden');
    expect(run.spanContext().traceId).toBe(remoteTrace);
    expect(parentOf(run)).toBe('00f067aa0ba902b7');
    expect(seen).toHaveLength(1);
    expect(seen[0]!.traceparent).toBe(`00-${remoteTrace}-${chat.spanContext().spanId}-01`);
    expect(chat.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 12, 'gen_ai.usage.output_tokens': 3, 'gen_ai.response.finish_reasons': ['stop'], 'gen_ai.response.id': 'chatcmpl-1' });
    expect(chat.attributes['warden.cost_usd']).toBeGreaterThan(0);
  });

  it('exports spans over OTLP/HTTP to a collector', async () => {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    const bodies: { path: string; type: string | undefined; body: string }[] = [];
    const collector = createServer((req, res) => {
      let body = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (body += chunk));
      req.on('end', () => {
        bodies.push({ path: req.url ?? '', type: req.headers['content-type'], body });
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const endpoint = `http://127.0.0.1:${(collector.address() as AddressInfo).port}/v1/traces`;
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(new OTLPTraceExporter({ url: endpoint }))] });
    const harness = await createHarness({ workdir: tempWorkspace(), provider: scriptedProvider(['done']), env: {}, audit: false, tracing: { tracerProvider } });
    try {
      await harness.run('hello');
      await tracerProvider.forceFlush();
    } finally {
      await harness.close();
      await tracerProvider.shutdown();
      collector.close();
    }
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.every((b) => b.path === '/v1/traces')).toBe(true);
    const text = bodies.map((b) => b.body).join('\n');
    expect(text).toContain('invoke_agent warden');
    expect(text).toContain('chat scripted-model');
    expect(text).toContain('gen_ai.operation.name');
  });

  it('fails with tracing.api_missing when the API is not installed, and loads nothing when tracing is off', async () => {
    const missing = Object.assign(new Error("Cannot find package '@opentelemetry/api'"), { code: 'ERR_MODULE_NOT_FOUND' });
    const error = await loadOtelApi(() => Promise.reject(missing)).catch((e: unknown) => e);
    expect(TracingError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code: 'tracing.api_missing' });
    expect((error as TracingError).hint).toContain('npm install @opentelemetry/api');
    const provider = scriptedProvider(['done']);
    const harness = await createHarness({ workdir: tempWorkspace(), provider, env: {}, audit: false });
    try {
      // Off: the agent's provider is the given one, not a wrapper.
      await harness.run('hello', { traceContext: { traceparent: 'not-a-traceparent' } });
      expect(provider.requests).toHaveLength(1);
    } finally {
      await harness.close();
    }
  });

  it('checks tracing options with the rest, and pins its error codes', () => {
    expect(validateHarnessOptions({ workdir: '/tmp', tracing: { captureContent: true, tracerProvider: { getTracer: () => ({}) } } }).ok).toBe(true);
    const bad = validateHarnessOptions({ workdir: '/tmp', tracing: { captureContnt: true, tracerProvider: {} } });
    expect(bad.errors.map((e) => e.path).sort()).toEqual(['tracing.captureContnt', 'tracing.tracerProvider']);
    expect(Object.keys(TRACING_ERROR_CODES)).toEqual(['tracing.api_missing']);
  });
});
