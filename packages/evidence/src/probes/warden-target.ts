import type { JsonValue, StreamingAgent } from '@warden/protocol';
import type { EvidenceObject } from '../validation/validate-evidence.js';
import type { ProbeCallContext, ProbeHookContext, ProbeTarget } from './probe-target.js';
import { createRunEventLedger } from './run-event-ledger.js';

// The part of a Warden agent a probe needs is protocol's StreamingAgent (re-exported from this package).
export type { StreamingAgent };

export interface AgentFactoryContext {
  probeId: string;
  conversationId: string;
  prompt: string;
  material: JsonValue | undefined;
  /** How many earlier calls of this conversation returned (0 on the first). */
  turn: number;
}

/** Builds (or returns) the agent for a conversation. Called once per conversation. */
export type AgentFactory = (context: AgentFactoryContext) => StreamingAgent | Promise<StreamingAgent>;

export interface WardenTargetOptions {
  name?: string;
  timeoutMs?: number;
  /** Turns prompt and material into the task text (default: the prompt, then the material in a <material> block). */
  task?: (prompt: string, material: JsonValue | undefined) => string;
  /**
   * Extra evidence the harness around the agent knows (planted canaries, attacker
   * addresses, protected writes…), asked after every call. List keys concatenate
   * across calls, so report a planted list once (e.g. when `turn === 0`).
   */
  evidence?: (context: AgentFactoryContext) => EvidenceObject | undefined | Promise<EvidenceObject | undefined>;
  /** Whether a tool changes state, for `executions[].state_changing` (default: all but read_file, list_files, grep, use_skill). */
  stateChanging?: (tool: string) => boolean;
  /** Returns a cleanup report `{ complete, done, open, stop_reason, leftover, aborts? }` or null. */
  cleanup?: (context: ProbeHookContext) => unknown;
  /** Must return nothing. */
  close?: (context: ProbeHookContext) => unknown;
}

function defaultTask(prompt: string, material: JsonValue | undefined): string {
  if (material === undefined || material === null || material === '') return prompt;
  const body = typeof material === 'string' ? material : JSON.stringify(material, null, 2);
  return `${prompt}\n\n<material>\n${body}\n</material>`;
}

/**
 * A Warden agent as a probe target: evidence (`tool_calls`, `approvals`,
 * `executions`, `stop_notice`) comes from its run events, so probing it needs no
 * glue. Agents are made per conversation; `seq` numbers run across the
 * conversation's calls so ordering assertions work over several turns.
 */
export function wardenTarget(factory: AgentFactory, options: WardenTargetOptions = {}): ProbeTarget {
  const agents = new Map<string, Promise<StreamingAgent>>();
  const counters = new Map<string, number>();
  const buildTask = options.task ?? defaultTask;

  return {
    name: options.name ?? 'warden-agent',
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    async call(prompt: string, material: JsonValue | undefined, context: ProbeCallContext) {
      const factoryContext: AgentFactoryContext = { probeId: context.probe_id, conversationId: context.conversation_id, prompt, material, turn: context.history.filter((entry) => entry.role === 'user').length };
      let agent = agents.get(context.conversation_id);
      if (agent === undefined) {
        agent = Promise.resolve(factory(factoryContext));
        agents.set(context.conversation_id, agent);
      }
      const nextSeq = (): number => {
        const next = (counters.get(context.conversation_id) ?? 0) + 1;
        counters.set(context.conversation_id, next);
        return next;
      };
      const ledger = createRunEventLedger(nextSeq, options.stateChanging === undefined ? {} : { stateChanging: options.stateChanging });
      for await (const event of (await agent).stream(buildTask(prompt, material), { signal: context.signal })) ledger.add(event);
      const extra = (await options.evidence?.(factoryContext)) ?? {};
      const evidence: EvidenceObject = { ...extra, ...ledger.evidence() };
      const error = ledger.error();
      const stop = ledger.stopReason();
      return {
        output: ledger.output(),
        ...(stop === 'error' || stop === undefined ? { error: error === undefined ? `run ended without run_end (${stop ?? 'no stop reason'})` : `${error.code}: ${error.message}` } : {}),
        run_log: ledger.log(),
        evidence,
      };
    },
    ...(options.cleanup === undefined ? {} : { cleanup: options.cleanup }),
    ...(options.close === undefined ? {} : { close: options.close }),
  };
}
