import { addUsage, emptyUsage, type ModelResponse, type Usage } from '@warden/protocol';

/** The top-level agent's name in spend lines; a sub-agent's lines carry its own name. */
export const MAIN_AGENT = 'main';

/**
 * What one agent spent on one model in a run: calls, tokens and cost. Stored in the run's `meta`
 * record (`value.spend`) so spend reports survive restarts. `unpricedCalls` counts calls whose
 * provider did not know the model's price: their cost is unknown, not zero.
 */
export interface SpendLine {
  agent: string;
  provider: string;
  model: string;
  calls: number;
  unpricedCalls: number;
  usage: Usage;
  costUsd: number;
}

function lineFor(lines: SpendLine[], agent: string, provider: string, model: string): SpendLine {
  let line = lines.find((l) => l.agent === agent && l.provider === provider && l.model === model);
  if (!line) {
    line = { agent, provider, model, calls: 0, unpricedCalls: 0, usage: emptyUsage(), costUsd: 0 };
    lines.push(line);
  }
  return line;
}

/** The spend-line name of the agent holding a run's conversation: `main` for the originating agent. */
export function spendAgent(run: { agent: string; root: { name: string } }): string {
  return run.agent === run.root.name ? MAIN_AGENT : run.agent;
}

/** Adds one model call (a step, a wrap-up, a compaction summary or a planner call) to the run's lines. */
export function addSpend(lines: SpendLine[], response: Pick<ModelResponse, 'provider' | 'model' | 'usage' | 'costUsd'>, agent = MAIN_AGENT): void {
  const line = lineFor(lines, agent, response.provider, response.model);
  line.calls += 1;
  if (response.costUsd === undefined) line.unpricedCalls += 1;
  line.usage = addUsage(line.usage, response.usage);
  line.costUsd += response.costUsd ?? 0;
}

/** Adds a sub-agent's lines, its own main agent renamed to the sub-agent's name. */
export function mergeSpend(lines: SpendLine[], child: readonly SpendLine[], agent: string): void {
  for (const from of child) {
    const line = lineFor(lines, from.agent === MAIN_AGENT ? agent : `${agent}/${from.agent}`, from.provider, from.model);
    line.calls += from.calls;
    line.unpricedCalls += from.unpricedCalls;
    line.usage = addUsage(line.usage, from.usage);
    line.costUsd += from.costUsd;
  }
}
