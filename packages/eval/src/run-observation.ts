import type { JsonObject, RunEvent } from '@warden/protocol';

/** What one agent run showed, read from its events: the facts a golden task's expectations test. */
export interface RunObservation {
  sessionId?: string;
  output: string;
  stopReason?: string;
  steps: number;
  costUsd: number;
  /** Every call the model asked for, in order. */
  asked: Array<{ name: string; args: JsonObject }>;
  /** Calls that ran (`ok`, `error` or `timeout`: the tool was executed), in order. */
  ran: Array<{ name: string; args: JsonObject }>;
}

const RAN = new Set(['ok', 'error', 'timeout']);

/** Reads a run's events into an observation. */
export function observeRun(events: readonly RunEvent[]): RunObservation {
  const observation: RunObservation = { output: '', steps: 0, costUsd: 0, asked: [], ran: [] };
  const args = new Map<string, { name: string; args: JsonObject }>();
  for (const event of events) {
    if (event.type === 'run_start' && event.sessionId) observation.sessionId = event.sessionId;
    else if (event.type === 'tool_call') {
      const call = { name: event.name, args: event.args };
      args.set(event.callId, call);
      observation.asked.push(call);
    } else if (event.type === 'tool_result' && RAN.has(event.status)) {
      observation.ran.push(args.get(event.callId) ?? { name: event.name, args: {} });
    } else if (event.type === 'run_end') {
      observation.output = event.output;
      observation.stopReason = event.stopReason;
      observation.steps = event.steps;
      observation.costUsd = event.costUsd;
    }
  }
  return observation;
}
