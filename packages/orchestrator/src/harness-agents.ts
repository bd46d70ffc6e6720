import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILTIN_TOOL_NAMES, type Harness } from '@warden/harness';
import type { ProviderV1 } from '@warden/protocol';
import type { AgentReply, AgentRequest, RunAgent } from './agent-runner.js';

// 9. Every agent of a job runs through the governed harness: `harness.with` keeps its gate, mode,
// approver, hooks, stores and audit trail and only narrows — the agent's instructions, its tool
// allowlist (never a tool the harness does not hold), its step ceiling, its folder. Each run's
// scope is computed from its own task, so task-scoped authorization and effect classes apply per task.

export interface HarnessAgentsOptions {
  /** A provider per tier (`fast`, `standard`, `strong`) or per role (`planner`, `critic`, …); default the harness's. */
  providers?: Partial<Record<string, ProviderV1>>;
}

export interface HarnessAgents extends RunAgent {
  /** Closes the narrowed harnesses it made (the parent harness stays open). */
  close(): Promise<void>;
}

export function harnessAgents(harness: Harness, options: HarnessAgentsOptions = {}): HarnessAgents {
  const held = new Set(harness.tools.map((tool) => tool.name));
  const builtins = new Set<string>(BUILTIN_TOOL_NAMES);
  const extra = harness.tools.filter((tool) => !builtins.has(tool.name));
  const made = new Map<string, Promise<Harness>>();

  const narrowed = (request: AgentRequest): Promise<Harness> => {
    const key = JSON.stringify([request.jobId, request.role, request.agent, request.instructions, request.tools, request.tier, request.maxSteps, request.workspace]);
    let found = made.get(key);
    if (!found) {
      const allowed = new Set(request.tools.filter((tool) => held.has(tool)));
      const provider = options.providers?.[request.role] ?? (request.tier ? options.providers?.[request.tier] : undefined);
      found = (async () => {
        const workdir = request.workspace === 'isolated' ? join(harness.workdir, '.warden', 'orchestrator', request.jobId, request.agent) : undefined;
        if (workdir) await mkdir(workdir, { recursive: true });
        return harness.with({
          instructions: request.instructions,
          builtinTools: Object.fromEntries(BUILTIN_TOOL_NAMES.map((name) => [name, allowed.has(name)])),
          tools: extra.filter((tool) => allowed.has(tool.name)),
          mcpServers: undefined,
          ...(request.maxSteps !== undefined ? { maxTurns: request.maxSteps } : {}),
          ...(provider ? { provider } : {}),
          ...(workdir ? { workdir } : {}),
        });
      })();
      made.set(key, found);
    }
    return found;
  };

  const run = async (request: AgentRequest): Promise<AgentReply> => {
    const agent = await narrowed(request);
    const result = await agent.run(request.input, { label: `orchestrator:${request.agent}`, ...(request.signal ? { signal: request.signal } : {}) });
    const failed = result.stopReason === 'error' || result.stopReason === 'aborted';
    return {
      text: result.output,
      costUsd: result.costUsd,
      ...(failed ? { error: result.error ?? { code: `run.${result.stopReason}`, message: `the run ended with ${result.stopReason}` } } : {}),
    };
  };
  return Object.assign(run, {
    async close() {
      const all = await Promise.allSettled(made.values());
      made.clear();
      await Promise.all(all.flatMap((entry) => (entry.status === 'fulfilled' ? [entry.value.close()] : [])));
    },
  });
}
