import type { RunEvent } from '@warden/protocol';
import { resultText, summarizeArgs } from '../render/summarize.js';

/** What the run actually did, gathered from its events. */
export interface DemoFacts {
  wrote: string[];
  ran: string[];
  denied: string[];
  approved: string[];
  lastShellOutput?: string;
  sessionId?: string;
}

export function collectFacts(events: readonly RunEvent[]): DemoFacts {
  const facts: DemoFacts = { wrote: [], ran: [], denied: [], approved: [] };
  const calls = new Map<string, { name: string; what: string; path?: string }>();
  for (const event of events) {
    if (event.type === 'run_start' && event.sessionId) facts.sessionId = event.sessionId;
    if (event.type === 'tool_call') {
      const path = typeof event.args.path === 'string' ? event.args.path : undefined;
      calls.set(event.callId, { name: event.name, what: summarizeArgs(event.name, event.args), ...(path ? { path } : {}) });
    }
    if (event.type === 'tool_decision') {
      const call = calls.get(event.callId);
      const label = `${event.name} ${call?.what ?? ''}`.trim();
      if (event.decision.effect === 'deny') facts.denied.push(`${label} [${event.decision.rule}]`);
      if (event.approval?.outcome === 'approved') facts.approved.push(label);
      if (event.decision.effect === 'ask' && event.approval?.outcome !== 'approved') facts.denied.push(`${label} [${event.decision.rule}]`);
    }
    if (event.type === 'tool_result' && event.status === 'ok') {
      const call = calls.get(event.callId);
      if ((event.name === 'write_file' || event.name === 'edit_file') && call?.path && !facts.wrote.includes(call.path)) facts.wrote.push(call.path);
      if (event.name === 'shell') {
        facts.ran.push(call?.what ?? 'shell');
        facts.lastShellOutput = resultText(event.content).trim();
      }
    }
  }
  return facts;
}
