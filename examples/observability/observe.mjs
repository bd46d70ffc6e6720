// @ts-check
// Traces, spend and budget alerts, offline — what a platform team asks of a batch of agent runs.
//  1. One trace: a batch span starts, and each governed run joins it through W3C trace context —
//     the carrier a fleet job takes from `enqueue` to its worker (@warden/fleet does exactly this
//     through Redis; here the runs are in one process so the example needs no services).
//  2. Spend from the stored sessions: `trackStoredSpend` reads the JSONL sessions back and breaks
//     the batch's cost down by agent (sub-agents included) and by model.
//  3. A budget alert: the day's budget is crossed; a local webhook receives one signed POST and
//     verifies the HMAC signature.
// Run with `node observe.mjs`; exits 1 if anything turned out differently from what it expects.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { createHarness, openSessionStore, parseStoreLocation, trackStoredSpend } from '@warden/harness';
import { scriptedProvider } from '@warden/protocol/testing';

const M = 1_000_000;
const SECRET = 'whsec-example-not-a-real-secret';
const workspace = await mkdtemp(path.join(tmpdir(), 'warden-observability-'));
const sessions = path.join(workspace, '.warden', 'sessions');
await writeFile(path.join(workspace, 'notes.txt'), 'Q3 numbers are final.\n');

// A webhook receiver, as the platform's alerting service would run it.
/** @type {Array<{ body: string, signature: string | undefined }>} */
const received = [];
const receiver = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    received.push({ body, signature: /** @type {string | undefined} */ (req.headers['x-warden-signature']) });
    res.end('ok');
  });
});
await new Promise((resolve) => receiver.listen(0, '127.0.0.1', () => resolve(undefined)));
const address = /** @type {import('node:net').AddressInfo} */ (receiver.address());

const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

// Each task: the main agent delegates a read to a helper sub-agent, then answers (gpt-4o prices).
const turns = () => [
  { toolCalls: [{ name: 'delegate', args: { agent: 'reader', task: 'read notes.txt' } }], usage: { inputTokens: M, outputTokens: 0 } },
  { toolCalls: [{ name: 'read_file', args: { path: 'notes.txt' } }], usage: { inputTokens: M / 2, outputTokens: 0 } },
  { text: 'The notes say Q3 is final.', usage: { inputTokens: 0, outputTokens: M / 10 } },
  { text: 'Q3 numbers are final.', usage: { inputTokens: 0, outputTokens: M / 10 } },
];
const harness = await createHarness({
  workdir: workspace,
  provider: scriptedProvider([...turns(), ...turns(), ...turns()], { id: 'openai', model: 'gpt-4o' }),
  env: {},
  sessions,
  owner: { tenantId: 'acme', userId: 'nightly' },
  subagents: { reader: { description: 'Reads files.', tools: ['read_file'] } },
  tracing: { tracerProvider },
  budgetAlerts: { budgets: [{ scope: 'day', usd: 10, thresholds: [0.5] }], webhooks: [{ url: `http://127.0.0.1:${address.port}/alerts`, secret: SECRET }] },
});

const batch = tracerProvider.getTracer('nightly-batch').startSpan('nightly batch');
const { traceId, spanId } = batch.spanContext();
const traceContext = { traceparent: `00-${traceId}-${spanId}-01` };
/** @type {string[]} */
const stops = [];
for (const ticket of ['TICKET-1', 'TICKET-2', 'TICKET-3']) {
  const result = await harness.run('summarize notes.txt', { label: ticket, traceContext });
  stops.push(result.stopReason);
}
batch.end();
await harness.close();

// 1. The trace: every run, step, model call and tool call of the batch under one trace id.
const spans = exporter.getFinishedSpans();
const inTrace = spans.filter((s) => s.spanContext().traceId === traceId);
const runs = inTrace.filter((s) => s.name === 'invoke_agent warden');
console.log(`trace ${traceId}: ${inTrace.length} spans — ${runs.length} runs, ${inTrace.filter((s) => s.name.startsWith('chat')).length} model calls, ${inTrace.filter((s) => s.name.startsWith('execute_tool')).length} tool calls`);

// 2. Spend from the stored sessions, by agent and by model.
const store = await openSessionStore(parseStoreLocation(sessions, workspace));
const report = (await trackStoredSpend(store, harness.prices)).report();
await store.close?.();
for (const dimension of /** @type {const} */ (['agent', 'model', 'task'])) {
  console.log(`spend by ${dimension}: ${report.by[dimension].map((row) => `${row.key} $${row.costUsd?.toFixed(2)}`).join(', ')}`);
}

// 3. The alert the webhook received, its signature checked as a receiver must (constant time).
const alert = received[0];
const expected = `sha256=${createHmac('sha256', SECRET).update(alert?.body ?? '').digest('hex')}`;
const signed = alert?.signature !== undefined && alert.signature.length === expected.length && timingSafeEqual(Buffer.from(alert.signature), Buffer.from(expected));
console.log(`budget alert: ${alert?.body ?? 'none'} (signature ${signed ? 'verified' : 'NOT verified'})`);
receiver.close();
await rm(workspace, { recursive: true, force: true });

const byAgent = Object.fromEntries(report.by.agent.map((row) => [row.key, row.costUsd ?? 0]));
const problems = [
  stops.every((s) => s === 'done') ? undefined : `runs ended ${stops.join(', ')}`,
  runs.length === 3 && runs.every((s) => s.parentSpanContext?.spanId === spanId) ? undefined : 'the runs are not children of the batch span',
  inTrace.some((s) => s.name === 'invoke_agent reader') ? undefined : 'the sub-agent is not in the trace',
  Math.abs((byAgent.main ?? 0) - 3 * (2.5 + 1)) < 1e-6 ? undefined : `main agent spend ${byAgent.main}`,
  Math.abs((byAgent.reader ?? 0) - 3 * (1.25 + 1)) < 1e-6 ? undefined : `reader spend ${byAgent.reader}`,
  received.length === 1 && signed ? undefined : `${received.length} alerts received, signature ${signed ? 'ok' : 'bad'}`,
].filter(Boolean);
if (problems.length > 0) {
  console.error(`unexpected: ${problems.join('; ')}`);
  process.exit(1);
}
