import type { RunResult } from '@warden/core';
import type { ApproverV1, GateMode, ProviderV1, RunEvent, ScopePlan, ToolV1 } from '@warden/protocol';
import type { GovernedAgent, HarnessRunOptions } from '../governed-agent.js';
import type { HarnessLayer } from '../pipeline/harness-layer.js';
import { planAuthority } from './plan-authority.js';
import { requestPlan } from './request-plan.js';

export interface PlanFirstDeps {
  provider: ProviderV1;
  tools: readonly ToolV1[];
  mode: GateMode;
  approver?: ApproverV1;
  redact: (text: string) => string;
  /** Tools whose descriptions the planner may read (workspace tools, trusted MCP servers). */
  trusted: (name: string) => boolean;
}

/**
 * Plan-first mode as a layer of the harness's pipeline: before the run starts (so before it reads anything
 * untrusted), the model writes a plan from the task alone; the plan is linted, approved once when
 * the mode asks, and handed to the run as `RunScope.plan` — which core announces (`scope` event,
 * so the audit trail has it) and stores in the session. A task marked `untrusted` gets no plan (a
 * plan written from untrusted words authorizes nothing), nor does a resume (it keeps the plan
 * stored with its session). A model that writes no plan, or a planner call that fails, leaves the
 * run under the normal rules.
 */
export function planFirstLayer(deps: PlanFirstDeps): HarnessLayer {
  return { name: 'plan-first', agent: (inner) => planFirstAgent(inner, deps) };
}

function planFirstAgent(agent: GovernedAgent, deps: PlanFirstDeps): GovernedAgent {
  /** The run's options with the plan and the planner call's spend (counted in the run's usage and budget). */
  const planned = async (task: string, options: HarnessRunOptions | undefined): Promise<HarnessRunOptions | undefined> => {
    if (options?.trust === 'untrusted' || options?.plan) return options;
    let requested: Awaited<ReturnType<typeof requestPlan>>;
    try {
      requested = await requestPlan(deps.provider, { task, tools: deps.tools, trusted: deps.trusted }, options?.signal ? { signal: options.signal } : {});
    } catch (error) {
      // A planner call that fails leaves the run under the normal rules; an abort still aborts.
      if (options?.signal?.aborted) throw error;
      return options;
    }
    const spent: HarnessRunOptions = { ...options, priorCalls: [...(options?.priorCalls ?? []), requested.call] };
    if (!requested.ok) return spent;
    const plan: ScopePlan = await planAuthority({ plan: requested.plan, tools: deps.tools, mode: deps.mode, redact: deps.redact, ...(deps.approver ? { approver: deps.approver } : {}), ...(options?.signal ? { signal: options.signal } : {}) });
    return { ...spent, plan };
  };
  return {
    async run(task, options): Promise<RunResult> {
      return agent.run(task, await planned(task, options));
    },
    async *stream(task, options): AsyncGenerator<RunEvent> {
      yield* agent.stream(task, await planned(task, options));
    },
    resume: (id, options) => agent.resume(id, options),
    resumeStream: (id, options) => agent.resumeStream(id, options),
  };
}
