import type { JsonObject } from '@warden/protocol';
import type { GenerationParameters } from './generation-parameters.js';
import { EFFORT_BUDGET, isClaudeThinkingOnly } from './model-family.js';
import type { PlanBuilder } from './plan-builder.js';
import type { PlanContext } from './plan-parameters.js';

const MIN_BUDGET = 1024;

/** The thinking budget asked for (0: off), from `thinkingBudget`, `effort` or `thinking`. */
function budgetOf(p: GenerationParameters, b: PlanBuilder): number | undefined {
  if (p.thinking === false) return 0;
  if (p.thinkingBudget !== undefined) {
    if (p.effort !== undefined) b.drop('effort', 'thinkingBudget is set and Claude takes a budget');
    return p.thinkingBudget;
  }
  if (p.effort !== undefined) {
    const budget = EFFORT_BUDGET[p.effort];
    if (budget > 0) b.adjust('effort', p.effort, budget, 'Claude takes a thinking budget; the effort is sent as one');
    return budget;
  }
  return p.thinking === true ? 4096 : undefined;
}

/**
 * Claude's parameters (Anthropic Messages; Bedrock and Vertex reuse it with their own paths).
 * `thinkingPath` is where the thinking block goes; `topKPath`, `topPPath`, `stopPath`, `userPath`
 * are undefined where the platform has no such field.
 */
export interface ClaudePaths {
  thinking: readonly string[];
  topP: readonly string[];
  topK: readonly string[];
  stop: readonly string[];
  user?: readonly string[];
  /** The platform has a prompt-caching control this adapter drives. */
  cache: boolean;
}

export const ANTHROPIC_PATHS: ClaudePaths = { thinking: ['thinking'], topP: ['top_p'], topK: ['top_k'], stop: ['stop_sequences'], user: ['metadata', 'user_id'], cache: true };

export function mapClaude(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder, paths: ClaudePaths): void {
  const only = isClaudeThinkingOnly(ctx.model);
  let budget = budgetOf(p, b);
  let maxTokens = p.maxTokens;
  if (budget !== undefined && budget > 0) {
    if (budget < MIN_BUDGET) {
      b.adjust('thinkingBudget', budget, MIN_BUDGET, `Claude needs a thinking budget of at least ${MIN_BUDGET}`);
      budget = MIN_BUDGET;
    }
    b.send('thinkingBudget', budget, paths.thinking);
    setAt(b, paths.thinking, { type: 'enabled', budget_tokens: budget });
    const limit = maxTokens ?? ctx.defaultMaxTokens ?? 4096;
    if (limit <= budget) {
      maxTokens = budget + 4096;
      b.adjust('maxTokens', limit, maxTokens, 'Claude needs max_tokens above the thinking budget');
    }
  } else if (budget === 0 && (p.thinking === false || p.thinkingBudget === 0 || p.effort === 'none')) {
    const name = p.thinking === false ? 'thinking' : p.thinkingBudget === 0 ? 'thinkingBudget' : 'effort';
    if (only) b.drop(name, `${ctx.model} always thinks`);
    else {
      b.send(name, name === 'thinking' ? false : name === 'effort' ? 'none' : 0, paths.thinking);
      setAt(b, paths.thinking, { type: 'disabled' });
    }
  }
  if (maxTokens !== undefined) {
    b.maxOutputTokens = maxTokens;
    b.send('maxTokens', maxTokens);
  }
  const thinking = budget !== undefined && budget > 0;
  const withThinking = only ? `${ctx.model} takes no sampling settings` : 'Claude with extended thinking rejects it';
  if (p.temperature !== undefined) {
    if (thinking || only) b.drop('temperature', withThinking);
    else {
      const t = Math.min(1, p.temperature);
      if (t !== p.temperature) b.adjust('temperature', p.temperature, t, 'Claude takes temperature 0–1');
      b.temperature = t;
      b.send('temperature', t);
    }
  }
  if (p.topP !== undefined) {
    if (only) b.drop('topP', withThinking);
    else if (!thinking && p.temperature !== undefined) b.drop('topP', 'Claude takes one of temperature and top_p; temperature is sent');
    else if (thinking && p.topP < 0.95) {
      b.adjust('topP', p.topP, 0.95, 'with extended thinking Claude needs top_p of at least 0.95');
      b.send('topP', 0.95, paths.topP);
    } else b.send('topP', p.topP, paths.topP);
  }
  if (p.topK !== undefined) {
    if (thinking || only) b.drop('topK', withThinking);
    else b.send('topK', p.topK, paths.topK);
  }
  if (p.stop !== undefined) b.send('stop', p.stop, paths.stop);
  if (p.user !== undefined) {
    if (paths.user) b.send('user', p.user, paths.user);
    else b.drop('user', `${ctx.host} has no end-user field for Claude`);
  }
  if (p.cache !== undefined) {
    if (paths.cache) b.send('cache', p.cache);
    else b.drop('cache', `prompt caching is not driven on ${ctx.host} yet`);
  }
  for (const name of ['seed', 'frequencyPenalty', 'presencePenalty', 'minP', 'repetitionPenalty'] as const) {
    if (p[name] !== undefined) b.drop(name, `Claude has no ${name}`);
  }
}

/** `send` put the portable value at `path`; the API wants its own block there. */
function setAt(b: PlanBuilder, path: readonly string[], value: JsonObject): void {
  let node = b.vendor;
  for (const key of path.slice(0, -1)) node = node[key] as JsonObject;
  node[path[path.length - 1] as string] = value;
}
