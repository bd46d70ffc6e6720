import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { context, ROOT_CONTEXT, trace, type Context, type ContextManager } from '@opentelemetry/api';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { jsonlSessionStore } from '@warden/sessions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createWorkflow, parseWorkflow, type WorkflowEvent } from '../src/index.js';
import { recordingTool } from './refund-tools.js';

// Runs under the harness: every step is a span (inside the run's), an audit record and a hook
// that can refuse. Real OpenTelemetry SDK spans; the audit trail is a JSONL file written in order.

/** The smallest context manager that carries the active span across awaits (what Node SDKs register). */
class StorageContextManager implements ContextManager {
  private readonly storage = new AsyncLocalStorage<Context>();
  active(): Context {
    return this.storage.getStore() ?? ROOT_CONTEXT;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(ctx: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return this.storage.run(ctx, () => fn.call(thisArg, ...args));
  }
  bind<T>(_ctx: Context, target: T): T {
    return target;
  }
  enable(): this {
    return this;
  }
  disable(): this {
    this.storage.disable();
    return this;
  }
}

const FLOW = ['name: desk', 'steps:', '  - {id: look, tool: echo, args: {text: "order 4182"}}', '  - {id: fail, tool: boom, on_error: continue}', '  - {id: pay, tool: echo, args: {text: "refund 40"}}'].join('\n');
let dir = '';
beforeAll(() => void context.setGlobalContextManager(new StorageContextManager()));
afterAll(() => context.disable());
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = '';
});

describe('workflow runs under the harness', () => {
  it('the run and every step are spans, the steps nested in the run, a failed step with an error status', async () => {
    const exporter = new InMemorySpanExporter();
    const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    const echo = recordingTool('echo', (args) => String(args.text));
    const boom = recordingTool('boom', () => ({ content: 'service down', isError: true }));
    const result = await createWorkflow(parseWorkflow(FLOW), { tools: [echo.tool, boom.tool], tracer: provider.getTracer('test') }).run();
    expect(result.status).toBe('ok');
    const spans = exporter.getFinishedSpans();
    const run = spans.find((s) => s.name === 'workflow desk')!;
    expect(run.attributes).toMatchObject({ 'warden.workflow.run_id': result.runId, 'warden.workflow.status': 'ok', 'warden.workflow.resumed': false });
    const steps = spans.filter((s) => s.name.startsWith('workflow.step '));
    expect(steps.map((s) => [s.name, s.attributes['warden.workflow.step_status'], s.status.code])).toEqual([
      ['workflow.step look', 'ok', 0],
      ['workflow.step fail', 'error', 2],
      ['workflow.step pay', 'ok', 0],
    ]);
    for (const step of steps) {
      expect(step.parentSpanContext?.spanId).toBe(run.spanContext().spanId);
      expect(step.spanContext().traceId).toBe(run.spanContext().traceId);
    }
    expect(trace.getActiveSpan()).toBeUndefined();
  });

  it('every event is an audit record, redacted, in order; a step does not start when its record cannot be written', async () => {
    dir = mkdtempSync(join(tmpdir(), 'warden-wf-audit-'));
    const trail: Array<{ kind: string; data: unknown }> = [];
    const echo = recordingTool('echo', (args) => String(args.text));
    const boom = recordingTool('boom', () => ({ content: 'service down', isError: true }));
    const redact = (text: string) => text.replace(/4182/g, '[order]');
    const audit = async (kind: string, data: unknown) => void trail.push({ kind, data });
    const result = await createWorkflow(parseWorkflow(FLOW), { tools: [echo.tool, boom.tool], audit, redact, store: jsonlSessionStore({ dir }) }).run();
    expect(trail.map((r) => r.kind)).toEqual([
      'workflow.workflow_start',
      'workflow.step_start',
      'workflow.step_end',
      'workflow.step_start',
      'workflow.step_failed',
      'workflow.step_start',
      'workflow.step_end',
      'workflow.workflow_end',
    ]);
    expect(trail[2]!.data).toMatchObject({ step: 'look', output: 'order [order]', runId: result.runId });
    expect(JSON.stringify(trail)).not.toContain('4182');

    // An audit trail that cannot be written: the step fails before its tool runs.
    const calls = recordingTool('echo', (args) => String(args.text));
    const broken = await createWorkflow(parseWorkflow(FLOW), {
      tools: [calls.tool, boom.tool],
      audit: (kind) => {
        if (kind === 'workflow.step_start') throw new Error('disk full');
      },
    }).run();
    expect(broken).toMatchObject({ status: 'failed', failedStep: 'look' });
    expect(broken.error?.message).toContain('the audit record of step "look" could not be written: disk full');
    expect(calls.calls).toHaveLength(0);
    expect(readFileSync(join(dir, `${result.runId}.jsonl`), 'utf8')).not.toContain('4182');
  });

  it('workflow_start, workflow_step and workflow_end are hooks; start and step can refuse', async () => {
    const echo = recordingTool('echo', (args) => String(args.text));
    const boom = recordingTool('boom', () => 'fine');
    const seen: string[] = [];
    const events: WorkflowEvent[] = [];
    const refusedStep = await createWorkflow(parseWorkflow(FLOW), {
      tools: [echo.tool, boom.tool],
      onEvent: (e) => events.push(e),
      hooks: {
        workflowStart: (info) => void seen.push(`start ${info.name}`),
        workflowStep: (info) => (seen.push(`step ${info.step} ${info.kind}`), info.step === 'pay' ? { refuse: 'refunds are frozen' } : undefined),
        workflowEnd: (result) => void seen.push(`end ${result.status}`),
      },
    }).run();
    expect(seen).toEqual(['start desk', 'step look tool', 'step fail tool', 'step pay tool', 'end failed']);
    expect(refusedStep).toMatchObject({ status: 'failed', failedStep: 'pay', error: { code: 'workflow.refused' } });
    expect(echo.calls).toHaveLength(1);
    expect(events.filter((e) => e.type === 'step_start').map((e) => (e as { step: string }).step)).toEqual(['look', 'fail']);

    const refusedRun = createWorkflow(parseWorkflow(FLOW), { tools: [echo.tool, boom.tool], hooks: { workflowStart: () => ({ refuse: 'outside business hours' }) } }).run();
    await expect(refusedRun).rejects.toMatchObject({ code: 'workflow.refused' });
    expect(echo.calls).toHaveLength(1);
  });
});
