import type { RunResult } from '@warden/core';
import { createRedactor } from '@warden/governance';
import type { RunEvent } from '@warden/protocol';
import { scriptedProvider } from '@warden/protocol/testing';
import { createPriceTable } from '@warden/providers/catalog';
import { describe, expect, it } from 'vitest';
import type { GovernedAgent, HarnessRunOptions } from '../src/governed-agent.js';
import { tapOptions, tapStream, type EventTap } from '../src/pipeline/event-tap.js';
import { harnessPipeline } from '../src/pipeline/harness-pipeline.js';
import { wrapWith, type HarnessLayer } from '../src/pipeline/harness-layer.js';
import type { TracingRuntime } from '../src/tracing/tracing-runtime.js';
import { budgetAlerts } from '../src/index.js';

// Issue 35: the order of the layers around an agent is one list, written once.

const at = '2026-01-01T00:00:00.000Z';
const events: RunEvent[] = [
  { type: 'step_start', runId: 'r', at, step: 1 },
  { type: 'run_end', runId: 'r', at, stopReason: 'done' } as RunEvent,
];

/** An agent whose every call records its name in `calls`, and whose streams yield `events`. */
function recording(name: string, calls: string[], inner?: GovernedAgent): GovernedAgent {
  return {
    run: async (task, options) => {
      calls.push(name);
      return inner ? inner.run(task, options) : ({ stopReason: 'done', warnings: [] } as unknown as RunResult);
    },
    resume: async (id, options) => (inner ? inner.resume(id, options) : ({ stopReason: 'done', warnings: [] } as unknown as RunResult)),
    stream: (task, options) => (inner ? inner.stream(task, options) : (async function* () { yield* events; })()),
    resumeStream: (id, options) => (inner ? inner.resumeStream(id, options) : (async function* () { yield* events; })()),
  };
}

describe('the harness pipeline', () => {
  it('lists the layers that are on, outermost first, in the one declared order', () => {
    const all = harnessPipeline({
      observers: { redactor: createRedactor({ env: {} }) },
      tracing: {} as TracingRuntime,
      alerts: { alerts: budgetAlerts({ budgets: [{ scope: 'run', usd: 1 }] }), owner: 'me', prices: createPriceTable() },
      planFirst: { provider: scriptedProvider([]), tools: [], mode: 'safe', redact: (t) => t, trusted: () => true },
    });
    expect(all.layers.map((layer) => layer.name)).toEqual(['run-control', 'tracing', 'budget-alerts', 'plan-first', 'redaction-and-audit']);
    const bare = harnessPipeline({ observers: { redactor: createRedactor({ env: {} }) } });
    expect(bare.layers.map((layer) => layer.name)).toEqual(['run-control', 'redaction-and-audit']);
  });

  it('wraps the first layer outermost, and skips a layer that does not wrap a part', async () => {
    const calls: string[] = [];
    const layer = (name: string): HarnessLayer => ({ name, agent: (inner) => recording(name, calls, inner) });
    const agent = wrapWith([layer('outer'), { name: 'no-agent-part' }, undefined, false, layer('inner')], 'agent', recording('core', calls));
    await agent.run('task');
    expect(calls).toEqual(['outer', 'inner', 'core']);
  });
});

describe('one event tap for both ways a caller receives events', () => {
  /** Puts a warning before each run_end and counts what it saw. */
  function warningTap(seen: string[], ended: string[]): EventTap {
    return {
      see(event) {
        seen.push(event.type);
        return event.type === 'run_end' ? [{ type: 'warning', runId: event.runId, at, code: 'x', message: 'before the end' }, event] : [event];
      },
      async beforeEnd() {
        ended.push('flushed');
      },
    };
  }

  it('hands onEvent and a stream the same events, the stream waiting for beforeEnd before run_end', async () => {
    const viaCallback: string[] = [];
    const options = tapOptions<HarnessRunOptions>({ onEvent: (event) => viaCallback.push(event.type) }, warningTap([], []));
    for (const event of events) options.onEvent?.(event);

    const viaStream: string[] = [];
    const ended: string[] = [];
    for await (const event of tapStream((async function* () { yield* events; })(), warningTap([], ended))) {
      viaStream.push(event.type);
      if (event.type === 'run_end') expect(ended).toEqual(['flushed']);
    }
    expect(viaCallback).toEqual(['step_start', 'warning', 'run_end']);
    expect(viaStream).toEqual(viaCallback);
  });
});
