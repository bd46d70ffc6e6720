import type { GateCall, ModelRequest, ModelResponse, ToolResultContent, ToolResultStatus } from '@warden/protocol';
import type { AgentHooks } from './agent-options.js';

/** Hook sets compose in order: each sees what the one before it returned. */
export async function applyBeforeModel(hooks: readonly AgentHooks[], runId: string, step: number, request: ModelRequest): Promise<ModelRequest> {
  let current = request;
  for (const hook of hooks) {
    const out = await hook.beforeModel?.({ runId, step, request: current });
    if (out?.request) current = out.request;
  }
  return current;
}

/** The first `retry` asked for, if any. */
export async function applyAfterModel(hooks: readonly AgentHooks[], runId: string, step: number, response: ModelResponse, final: boolean): Promise<string | undefined> {
  for (const hook of hooks) {
    const out = await hook.afterModel?.({ runId, step, response, final });
    if (out?.retry !== undefined) return out.retry;
  }
  return undefined;
}

/** The first `block` reason, if any. */
export async function applyBeforeTool(hooks: readonly AgentHooks[], runId: string, step: number, call: GateCall): Promise<string | undefined> {
  for (const hook of hooks) {
    const out = await hook.beforeTool?.({ runId, step, call });
    if (out?.block !== undefined) return out.block;
  }
  return undefined;
}

export interface AfterToolOutcome {
  content: ToolResultContent;
  isError: boolean;
  taints: Array<{ source: string; reason: string }>;
}

export async function applyAfterTool(
  hooks: readonly AgentHooks[],
  base: { runId: string; step: number; call: GateCall; status: ToolResultStatus },
  content: ToolResultContent,
  isError: boolean,
): Promise<AfterToolOutcome> {
  const outcome: AfterToolOutcome = { content, isError, taints: [] };
  for (const hook of hooks) {
    const out = await hook.afterTool?.({ ...base, content: outcome.content, isError: outcome.isError });
    if (!out) continue;
    if (out.content) outcome.content = out.content;
    if (out.isError !== undefined) outcome.isError = out.isError;
    if (out.taint) outcome.taints.push(out.taint);
  }
  return outcome;
}
