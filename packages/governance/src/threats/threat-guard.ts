import { type AfterToolContext, type BeforeToolContext, type OptionKeys, type PolicyError } from '@warden/protocol';
import { canonicalJson } from '@warden/protocol/policy';
import { strictOptions } from '@warden/protocol/checks';
import { globToRegExp, matchesAnyGlob } from '../policy/glob.js';
import { policyError } from '../util/coded-errors.js';
import { sha256Hex } from '../util/digest.js';

/** The coded stops the guard applies. `tool_breaker_open` closes one tool for a run; the others stop the run's tools. */
export type ThreatCode = 'policy.tool_storm' | 'policy.tool_loop' | 'policy.runaway_delegation' | 'policy.tool_breaker_open';

/** One threat the guard stopped: what fired, where, and the coded error that says so. */
export interface Threat {
  code: ThreatCode;
  runId: string;
  tool: string;
  /** Numbers that explain the stop (counts and limits), never arguments or outputs. */
  detail: Record<string, number | string>;
  error: PolicyError;
}

export interface ThreatGuardOptions {
  /** Tool storm: more than `calls` tool calls within `steps` consecutive model steps of one run. Default 24 in 2. */
  storm?: { calls: number; steps: number };
  /** Loop: the same tool with the same arguments asked for more than `repeats` times in one run. Default 3. */
  loopRepeats?: number;
  /** Runaway delegation: more than `max` calls to delegation tools across every run sharing this guard (a run tree). Default 12. */
  delegation?: { max: number; tools?: readonly string[] };
  /** Failing-tool breaker: a tool that fails `failures` times in a row in a run is closed for the rest of that run. Default 3. */
  breakerFailures?: number;
  /** Called once per threat (feed it to an incident tracker). */
  onThreat?: (threat: Threat) => void;
  /** Called once when a run is stopped (storm, loop, runaway delegation): abort the run here. */
  onStop?: (runId: string, error: PolicyError) => void;
  /** How many runs to remember (default 256; the oldest is forgotten first). */
  maxRuns?: number;
}

/** Tool-name globs that delegate work to another agent by default. */
export const DEFAULT_DELEGATION_TOOLS: readonly string[] = ['spawn_agent', 'handoff*', 'transfer_to_*', 'delegate*', 'a2a_*', 'agent_*'];

const KEYS = { storm: true, loopRepeats: true, delegation: true, breakerFailures: true, onThreat: true, onStop: true, maxRuns: true } satisfies OptionKeys<ThreatGuardOptions>;

interface RunState {
  /** Calls per step, for the storm window. */
  steps: Map<number, number>;
  /** Identical-call counts by tool + argument digest. */
  calls: Map<string, number>;
  /** Consecutive failures per tool. */
  failures: Map<string, number>;
  open: Map<string, PolicyError>;
  stopped?: PolicyError;
}

/** The guard: core `HooksV1` (`beforeTool` stops, `afterTool` counts failures) plus a view of what it stopped. */
export interface ThreatGuard {
  beforeTool(ctx: BeforeToolContext): { block: string } | undefined;
  afterTool(ctx: AfterToolContext): undefined;
  /** The error a run was stopped with, if any. */
  stoppedWith(runId: string): PolicyError | undefined;
  /** Tools whose breaker is open in a run. */
  openBreakers(runId: string): string[];
}

function positive(name: string, value: number | undefined, fallback: number): number {
  const n = value ?? fallback;
  if (!Number.isInteger(n) || n < 1) throw policyError({ code: 'policy.invalid', message: `threatGuard: ${name} must be a positive integer`, hint: 'Give a whole number of 1 or more.' });
  return n;
}

const HINTS: Record<ThreatCode, string> = {
  'policy.tool_storm': 'The run asked for tools faster than the storm limit allows; look at why the model fans out, or raise storm.calls.',
  'policy.tool_loop': 'The run repeated the same call with the same arguments; the model is looping. Change the task or the tool result it keeps acting on.',
  'policy.runaway_delegation': 'Agents kept delegating to agents; cap the team depth, or raise delegation.max if this fan-out is intended.',
  'policy.tool_breaker_open': 'The tool failed repeatedly in this run, so it is closed until the run ends; fix the tool or its inputs and start a new run.',
};

/**
 * Stops agent threats in the loop: tool storms, loops, runaway delegation, and a failing tool
 * (breaker per tool per run). A stopped run has every further tool call blocked with the coded
 * reason, and `onStop` lets the caller abort it; each threat is reported once to `onThreat`.
 * Counting only: it reads tool names, argument digests and result statuses, never contents.
 */
export function threatGuard(options: ThreatGuardOptions = {}): ThreatGuard {
  strictOptions('threatGuard', KEYS, options);
  const stormCalls = positive('storm.calls', options.storm?.calls, 24);
  const stormSteps = positive('storm.steps', options.storm?.steps, 2);
  const loopRepeats = positive('loopRepeats', options.loopRepeats, 3);
  const delegationMax = positive('delegation.max', options.delegation?.max, 12);
  const delegationTools = (options.delegation?.tools ?? DEFAULT_DELEGATION_TOOLS).map(globToRegExp);
  const breakerFailures = positive('breakerFailures', options.breakerFailures, 3);
  const maxRuns = positive('maxRuns', options.maxRuns, 256);
  const runs = new Map<string, RunState>();
  let delegations = 0;

  function state(runId: string): RunState {
    let s = runs.get(runId);
    if (!s) {
      s = { steps: new Map(), calls: new Map(), failures: new Map(), open: new Map() };
      runs.set(runId, s);
      if (runs.size > maxRuns) runs.delete(runs.keys().next().value as string);
    }
    return s;
  }

  function fire(stopped: { code: ThreatCode; message: string }, runId: string, tool: string, detail: Record<string, number | string>): PolicyError {
    const error = policyError({ ...stopped, hint: HINTS[stopped.code] });
    const { code } = stopped;
    options.onThreat?.({ code, runId, tool, detail, error });
    return error;
  }

  function stop(s: RunState, runId: string, error: PolicyError): { block: string } {
    s.stopped = error;
    options.onStop?.(runId, error);
    return { block: `[${error.code}] ${error.message}` };
  }

  return {
    beforeTool({ runId, step, call }) {
      const s = state(runId);
      if (s.stopped) return { block: `[${s.stopped.code}] the run was stopped: ${s.stopped.message}` };
      const open = s.open.get(call.name);
      if (open) return { block: `[${open.code}] ${open.message}` };

      s.steps.set(step, (s.steps.get(step) ?? 0) + 1);
      let window = 0;
      for (const [at, n] of s.steps) if (at > step - stormSteps && at <= step) window += n;
      if (window > stormCalls) {
        return stop(s, runId, fire({ code: 'policy.tool_storm', message: `tool storm: ${window} tool calls within ${stormSteps} steps (limit ${stormCalls})` }, runId, call.name, { calls: window, steps: stormSteps, limit: stormCalls }));
      }

      const key = `${call.name}\u0000${sha256Hex(canonicalJson(call.args))}`;
      const seen = (s.calls.get(key) ?? 0) + 1;
      s.calls.set(key, seen);
      if (seen > loopRepeats) {
        return stop(s, runId, fire({ code: 'policy.tool_loop', message: `loop: ${call.name} was asked for ${seen} times with the same arguments (limit ${loopRepeats})` }, runId, call.name, { repeats: seen, limit: loopRepeats }));
      }

      if (matchesAnyGlob(call.name, delegationTools)) {
        delegations += 1;
        if (delegations > delegationMax) {
          return stop(s, runId, fire({ code: 'policy.runaway_delegation', message: `runaway delegation: ${delegations} delegations in this run tree (limit ${delegationMax})` }, runId, call.name, { delegations, limit: delegationMax }));
        }
      }
      return undefined;
    },

    afterTool({ runId, call, status, isError }) {
      const s = state(runId);
      if (status === 'blocked' || status === 'denied' || status === 'not_started') return undefined;
      if (!isError && status === 'ok') {
        s.failures.delete(call.name);
        return undefined;
      }
      const failures = (s.failures.get(call.name) ?? 0) + 1;
      s.failures.set(call.name, failures);
      if (failures >= breakerFailures && !s.open.has(call.name)) {
        s.open.set(call.name, fire({ code: 'policy.tool_breaker_open', message: `the breaker for ${call.name} is open: it failed ${failures} times in a row in this run` }, runId, call.name, { failures, limit: breakerFailures }));
      }
      return undefined;
    },

    stoppedWith: (runId) => runs.get(runId)?.stopped,
    openBreakers: (runId) => [...(runs.get(runId)?.open.keys() ?? [])],
  };
}
