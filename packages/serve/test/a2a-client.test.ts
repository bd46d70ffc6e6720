import { existsSync, readFileSync } from 'node:fs';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider, type ScriptedTurn } from '@warden/protocol/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type HarnessOptions } from '@warden/harness';
import { createA2AServer } from '../src/index.js';
import { tempWorkspace } from './helpers/workspace.js';

const KEY = 'remote-a2a-key-0123456789abcdef';

const cleanup: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

/** A Warden agent served over A2A (the remote side). */
async function remote(script: ScriptedTurn[], extra: Partial<HarnessOptions> = {}) {
  const dir = tempWorkspace();
  const harness = await createHarness({ workdir: dir, provider: scriptedProvider(script), env: {}, approver: 'durable', ...extra });
  const server = await createA2AServer({ agents: [{ name: 'researcher', description: 'Looks things up.', harness }] });
  const http = await server.listen({ port: 0, keys: [KEY] });
  cleanup.push(async () => {
    await server.close();
    await harness.close();
  });
  return { harness, url: http.agentUrls.researcher! };
}

/** The calling side: a Warden harness with the remote agent configured as `a2aAgents`. */
async function caller(script: ScriptedTurn[], url: string, extra: Partial<HarnessOptions> = {}) {
  const dir = tempWorkspace();
  const provider = scriptedProvider(script);
  const harness: Harness = await createHarness({
    workdir: dir,
    provider,
    env: { RESEARCHER_KEY: KEY },
    approver: 'yes',
    a2aAgents: [{ name: 'researcher', url, keyEnv: 'RESEARCHER_KEY', description: 'A remote researcher.' }],
    ...extra,
  });
  cleanup.push(() => harness.close());
  return { harness, provider };
}

describe('a2aAgent: a Warden agent delegates to a remote A2A agent', () => {
  it('sends the task, returns the remote answer, and the run is tainted after it: a CI workflow write (runs later) then needs a person', async () => {
    const far = await remote(['The answer is 42.']);
    const near = await caller(
      [
        { toolCalls: [{ name: 'researcher', args: { task: 'what is the answer?' } }] },
        { toolCalls: [{ name: 'write_file', args: { path: '.github/workflows/ci.yml', content: 'pwned' } }] },
        'done',
      ],
      far.url,
    );
    const events: RunEvent[] = [];
    const result = await near.harness.run('ask the researcher agent what the answer is', { onEvent: (e) => events.push(e) });
    expect(result.stopReason).toBe('done');
    const answer = events.find((e) => e.type === 'tool_result' && e.name === 'researcher');
    expect(answer?.type === 'tool_result' && answer.status).toBe('ok');
    const text = answer?.type === 'tool_result' ? JSON.stringify(answer.content) : '';
    expect(text).toContain('The answer is 42.');
    expect(text).toMatch(/state completed, task [\w-]+, contextId [\w-]+/);
    expect(result.tainted).toBe(true);
    const taint = events.find((e) => e.type === 'taint');
    expect(taint?.type === 'taint' && taint.source).toBe('tool:researcher');
    // After the remote answer, a change that runs later (a CI workflow) is not for an automatic yes.
    const write = events.find((e) => e.type === 'tool_decision' && e.name === 'write_file');
    expect(write?.type === 'tool_decision' && write.decision.requiresPerson).toBe(true);
    expect(events.find((e) => e.type === 'tool_result' && e.name === 'write_file')?.type === 'tool_result').toBe(true);
    expect(events.some((e) => e.type === 'tool_result' && e.name === 'write_file' && e.status === 'ok')).toBe(false);
    // Both hops are in their own audit trails.
    expect(readFileSync(near.harness.auditFile!, 'utf8')).toContain('researcher');
    expect(readFileSync(far.harness.auditFile!, 'utf8')).toContain('what is the answer?');
  });

  it('continues the remote conversation when the model passes the contextId back', async () => {
    const far = await remote(['Noted: teal.', 'You said teal.']);
    let contextId = '';
    const near = await caller(
      [
        { toolCalls: [{ name: 'researcher', args: { task: 'remember teal' } }] },
        (request) => {
          const last = JSON.stringify(request.messages.at(-1));
          contextId = /contextId ([\w-]+)/.exec(last)?.[1] ?? '';
          return { toolCalls: [{ name: 'researcher', args: { task: 'which colour?', contextId } }] };
        },
        'done',
      ],
      far.url,
    );
    const events: RunEvent[] = [];
    await near.harness.run('ask the researcher agent twice', { onEvent: (e) => events.push(e) });
    const results = events.filter((e) => e.type === 'tool_result' && e.name === 'researcher');
    expect(results).toHaveLength(2);
    expect(JSON.stringify(results[1])).toContain('You said teal.');
    expect(JSON.stringify(results[1])).toContain(`contextId ${contextId}`);
  });

  it('a trusted remote agent does not taint the run', async () => {
    const far = await remote(['Trusted answer.']);
    const near = await caller([{ toolCalls: [{ name: 'researcher', args: { task: 'hi' } }] }, 'done'], far.url, {
      a2aAgents: [{ name: 'researcher', url: far.url, keyEnv: 'RESEARCHER_KEY', trust: 'trusted' }],
    });
    const result = await near.harness.run('ask the researcher agent');
    expect(result.stopReason).toBe('done');
    expect(result.tainted).toBe(false);
  });

  it('a wrong key is a failed tool call naming the refusal, and nothing runs remotely', async () => {
    const far = await remote(['never']);
    const near = await caller([{ toolCalls: [{ name: 'researcher', args: { task: 'hi' } }] }, 'done'], far.url, { env: { RESEARCHER_KEY: 'wrong-key-0123456789abcdef' } });
    const events: RunEvent[] = [];
    await near.harness.run('ask the researcher agent', { onEvent: (e) => events.push(e) });
    const failed = events.find((e) => e.type === 'tool_result' && e.name === 'researcher');
    expect(failed?.type === 'tool_result' && failed.status).toBe('error');
    expect(JSON.stringify(failed)).toContain('Unauthorized');
    expect(JSON.stringify(failed)).not.toContain('wrong-key');
    expect(existsSync(far.harness.auditFile!) ? readFileSync(far.harness.auditFile!, 'utf8') : '').not.toContain('run_start');
  });

  it('one trace follows the task across the hop: the remote run is a child of the caller\'s tool span', async () => {
    const exporter = new InMemorySpanExporter();
    const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const far = await remote(['Traced answer.'], { tracing: { tracerProvider }, audit: false });
    const near = await caller([{ toolCalls: [{ name: 'researcher', args: { task: 'trace me' } }] }, 'done'], far.url, { tracing: { tracerProvider }, audit: false });
    await near.harness.run('ask the researcher agent');
    const spans: readonly ReadableSpan[] = exporter.getFinishedSpans();
    const tool = spans.find((s) => s.name === 'execute_tool researcher');
    const runs = spans.filter((s) => s.name === 'invoke_agent warden');
    expect(tool).toBeDefined();
    expect(runs).toHaveLength(2);
    const served = runs.find((s) => s.parentSpanContext?.spanId === tool!.spanContext().spanId);
    expect(served, 'the served run is a child of the caller\'s tool span').toBeDefined();
    expect(served!.spanContext().traceId).toBe(tool!.spanContext().traceId);
  });
});
