import { chargeSubagent } from './usage-accounting.js';
import { textContent, type JsonObject, type RunEvent, type ToolOutput, type ToolV1 } from '@warden/protocol';
import { DELEGATE_TOOL, type ResolvedSubagent } from './resolve-options.js';
import { addTaint } from './run-authority.js';
import type { RunContext } from './run-context.js';
import type { Agent } from './run-result.js';

/** Child events worth forwarding to the parent's stream (they keep the child's runId). */
const FORWARDED = new Set<RunEvent['type']>(['tool_call', 'tool_decision', 'tool_result', 'approval_pending', 'taint', 'warning']);

/**
 * The `delegate` tool of one run. A child starts clean (only its task, no
 * parent transcript), holds only its allowlisted tools that the parent also
 * holds, cannot delegate (it has no sub-agents), and has its own ceilings.
 * Its usage and cost roll up into the parent's totals (and budget).
 */
export function delegateTool(run: RunContext, subagents: readonly ResolvedSubagent[]): ToolV1 {
  const names = subagents.map((s) => s.name);
  const list = subagents.map((s) => `- ${s.name}: ${s.spec.description}`).join('\n');
  return {
    specificationVersion: 'v1',
    name: DELEGATE_TOOL,
    description: `Hand a self-contained task to a sub-agent. It sees only the task you write (not this conversation) and answers with its result.\nSub-agents:\n${list}`,
    inputSchema: {
      type: 'object',
      properties: {
        agent: { type: 'string', enum: names, description: 'Which sub-agent runs the task.' },
        task: { type: 'string', description: 'The complete task, with every detail the sub-agent needs.' },
      },
      required: ['agent', 'task'],
      additionalProperties: false,
    },
    // Delegating changes nothing by itself; every call the child makes goes through the gate.
    annotations: { readOnly: true, tags: ['delegate'] },
    // The child's own tools have time limits and its own ceilings bound it.
    timeoutMs: Number.POSITIVE_INFINITY,
    async execute(args: JsonObject, ctx): Promise<ToolOutput> {
      const sub = subagents.find((s) => s.name === args.agent);
      if (!sub || typeof args.task !== 'string') return { content: `No sub-agent named ${JSON.stringify(args.agent)}.`, isError: true };
      if (sub.dropped.length > 0) {
        run.warn('core.subagent_tools_narrowed', `sub-agent ${sub.name} was not given ${sub.dropped.join(', ')}: the parent does not hold them`);
      }
      return runChild(run, sub.name, sub.agent, args.task, ctx.signal);
    },
  };
}

/**
 * Runs a child agent (a sub-agent or a spawned one) for one task under the parent's authority:
 * never a wider scope, never cleaner than the parent. Its usage, cost and spend roll up into the
 * parent's, and its output taints the parent when the child read untrusted content.
 */
export async function runChild(run: RunContext, name: string, agent: Agent, task: string, signal: AbortSignal): Promise<ToolOutput> {
  let childRunId = '';
  const result = await agent.run(task, {
    signal,
    ...(run.stopSignal ? { stopSignal: run.stopSignal } : {}),
    ...(run.state.scope ? { scope: run.state.scope } : {}),
    ...(run.state.taintSources.length > 0 ? { taint: run.state.taintSources } : {}),
    onEvent: (event) => {
      if (event.type === 'run_start') {
        childRunId = event.runId;
        run.emit({ type: 'subagent', phase: 'start', agent: name, childRunId });
      } else if (FORWARDED.has(event.type)) {
        run.forward(event);
      }
    },
  });
  if (result.tainted) {
    const first = result.taintSources[0];
    addTaint(run, { source: `subagent:${name}`, reason: `the sub-agent's output derives from untrusted content${first ? ` (${first.source})` : ''}` });
  }
  chargeSubagent(run, name, result);
  run.emit({ type: 'subagent', phase: 'end', agent: name, childRunId: result.runId, stopReason: result.stopReason });
  const output = result.output.trim() === '' ? `(the sub-agent stopped with ${result.stopReason} and no output)` : result.output;
  return { content: textContent(output), isError: result.stopReason === 'error' || result.stopReason === 'aborted' };
}
