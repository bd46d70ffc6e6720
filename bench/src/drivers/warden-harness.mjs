// Warden as people run it: @warden/harness's createHarness with its defaults — the gate with
// task-scoped authorization, redaction then taint detection (with the redactor's default
// environment: the process's own, as `warden run` has it), a durable JSONL session (fsync on
// every append, the session held for the run) and the hash-chained audit trail in a temp
// workspace — over the same provider, its events consumed from `agent.stream()` as `warden run`
// consumes them.
// Loaded as `warden-harness.mjs?fsync=batch`, the sessions are fsynced in groups every 50 ms
// instead (a crash may lose the last 50 ms): the same governance, without a disk flush per step.
// Loaded as `warden-harness.mjs?tracing=on`, OpenTelemetry tracing is on (every span created and
// ended through the SDK's BasicTracerProvider, with no exporter): what tracing costs a step. Off —
// the default — the OpenTelemetry API is never imported.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHarness } from '@warden/harness';
import { openaiCompatible } from '@warden/providers';
import { jsonlSessionStore } from '@warden/sessions';
import { ADD_SCHEMA, API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  const provider = openaiCompatible({ baseURL: openaiBase(origin, toolSteps), model: MODEL, apiKey: API_KEY, local: true });
  const tool = {
    specificationVersion: 'v1',
    name: 'add',
    description: 'Adds two numbers.',
    inputSchema: ADD_SCHEMA,
    annotations: { readOnly: true },
    execute: (args) => add(args),
  };
  const workdir = mkdtempSync(path.join(tmpdir(), 'warden-bench-harness-'));
  const params = new URL(import.meta.url).searchParams;
  const fsync = params.get('fsync');
  const tracing = params.get('tracing') === 'on' ? { tracerProvider: new (await import('@opentelemetry/sdk-trace-base')).BasicTracerProvider() } : undefined;
  const harness = await createHarness({
    workdir,
    provider,
    tools: [tool],
    instructions: SYSTEM,
    maxTurns: toolSteps + 5,
    streaming: stream,
    ...(tracing ? { tracing } : {}),
    ...(fsync ? { sessions: jsonlSessionStore({ dir: path.join(workdir, '.warden', 'sessions'), fsync }) } : {}),
  });
  return {
    async run() {
      let toolCalls = 0;
      let end;
      for await (const event of harness.agent.stream(TASK)) {
        if (event.type === 'tool_result') toolCalls += 1;
        else if (event.type === 'run_end') end = event;
      }
      if (end?.stopReason !== 'done') throw new Error(`warden harness run ended with ${end?.stopReason}: ${end?.error?.code ?? ''} ${end?.error?.message ?? ''}`);
      return { toolCalls, output: end.output };
    },
  };
}
