import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

async function startCollector(): Promise<{ url: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

let openai: FakeOpenAI | undefined;
afterEach(async () => {
  await openai?.close();
  openai = undefined;
});

describe('warden run --otel', () => {
  it('exports the run’s spans to the OTLP endpoint and headers of the standard variables, and sends traceparent to the model', async () => {
    openai = await startFakeOpenAI([{ toolCalls: [{ name: 'write_file', args: { path: 'notes.txt', content: 'hi\n' } }] }, { text: 'Done.' }]);
    const collector = await startCollector();
    const dir = tempWorkspace();
    const { args, env } = fakeProvider(openai.url);
    try {
      const result = await runCli(['run', 'write notes.txt', '--workdir', dir, '--mode', 'yolo', '--otel', ...args], {
        env: { ...env, OTEL_EXPORTER_OTLP_ENDPOINT: collector.url, OTEL_EXPORTER_OTLP_HEADERS: 'authorization=Bearer%20collector-token', OTEL_SERVICE_NAME: 'warden-test' },
      });
      expect(result.stderr).toBe('');
      expect(result.code).toBe(0);
    } finally {
      await collector.close();
    }
    expect(collector.received.length).toBeGreaterThan(0);
    const first = collector.received[0]!;
    expect(first.path).toBe('/v1/traces');
    expect(first.headers.authorization).toBe('Bearer collector-token');
    const text = collector.received.map((r) => r.body).join('\n');
    for (const name of ['invoke_agent warden', 'step 1', 'chat fake-model', 'execute_tool write_file', 'gate write_file', 'warden-test', 'gen_ai.usage.input_tokens']) expect(text).toContain(name);
    // Content is off by default.
    expect(text).not.toContain('hi\\n');
    expect(openai.traceparents).toHaveLength(2);
    for (const header of openai.traceparents) expect(header).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/);
    const traceId = openai.traceparents[0]!.split('-')[1]!;
    expect(text).toContain(traceId);
  });

  it('sends no traceparent without --otel', async () => {
    openai = await startFakeOpenAI([{ text: 'Done.' }]);
    const { args, env } = fakeProvider(openai.url);
    const result = await runCli(['run', 'say done', '--workdir', tempWorkspace(), ...args], { env });
    expect(result.code).toBe(0);
    expect(openai.traceparents).toEqual([undefined]);
  });
});
