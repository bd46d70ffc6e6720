import type { GenerationParameters } from './generation-parameters.js';
import { effortForBudget, isGrokReasoning, isOpenAIReasoning, nearestEffort, openAIEffortLevels } from './model-family.js';
import type { PlanBuilder } from './plan-builder.js';
import type { PlanContext } from './plan-parameters.js';

/** Hosts whose Chat Completions endpoint takes the extra sampling fields (`top_k`, `min_p`, `repetition_penalty`). */
const SAMPLING_HOSTS = new Set(['vllm', 'together', 'fireworks', 'openrouter']);
/** Hosts that cap `stop` at four sequences. */
const FOUR_STOPS = new Set(['openai', 'azure-openai', 'openai-responses']);

/** The reasoning effort for an OpenAI reasoning model, from `effort` or a thinking budget. */
function mapEffort(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder, path: readonly string[]): void {
  const reasoning = isOpenAIReasoning(ctx.model);
  const why = `${ctx.model} is not a reasoning model`;
  if (p.thinking !== undefined) b.drop('thinking', 'OpenAI has no thinking switch; use effort');
  if (p.effort !== undefined) {
    if (!reasoning) b.drop('effort', why);
    else {
      const levels = openAIEffortLevels(ctx.model);
      const level = nearestEffort(p.effort, levels);
      if (level !== p.effort) b.adjust('effort', p.effort, level, `${ctx.model} takes ${levels.join(', ')}`);
      b.send('effort', level, path);
    }
  }
  if (p.thinkingBudget !== undefined) {
    if (!reasoning) b.drop('thinkingBudget', why);
    else if (p.effort !== undefined) b.drop('thinkingBudget', 'effort is set; OpenAI takes a level, not a budget');
    else {
      const level = nearestEffort(effortForBudget(p.thinkingBudget), openAIEffortLevels(ctx.model));
      b.adjust('thinkingBudget', p.thinkingBudget, level, 'OpenAI takes a reasoning effort, not a token budget');
      b.send('effort', level, path);
    }
  }
}

/** Chat Completions (OpenAI, Azure, the compatible hosts). */
export function mapOpenAIChat(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder): void {
  const reasoning = isOpenAIReasoning(ctx.model);
  const grok = isGrokReasoning(ctx.model);
  const noSampling = `${ctx.model} is a reasoning model and rejects sampling settings`;
  const extras = SAMPLING_HOSTS.has(ctx.host);
  if (p.maxTokens !== undefined) {
    b.maxOutputTokens = p.maxTokens;
    b.send('maxTokens', p.maxTokens);
  }
  if (p.temperature !== undefined) {
    if (reasoning) b.drop('temperature', noSampling);
    else {
      b.temperature = p.temperature;
      b.send('temperature', p.temperature);
    }
  }
  if (p.topP !== undefined) {
    if (reasoning) b.drop('topP', noSampling);
    else b.send('topP', p.topP, ['top_p']);
  }
  for (const [name, field] of [['topK', 'top_k'], ['minP', 'min_p'], ['repetitionPenalty', 'repetition_penalty']] as const) {
    const value = p[name];
    if (value === undefined) continue;
    if (extras && !reasoning) b.send(name, value, [field]);
    else b.drop(name, extras ? noSampling : `${ctx.host} has no ${field} in Chat Completions`);
  }
  for (const [name, field] of [['frequencyPenalty', 'frequency_penalty'], ['presencePenalty', 'presence_penalty']] as const) {
    const value = p[name];
    if (value === undefined) continue;
    if (reasoning) b.drop(name, noSampling);
    else if (grok) b.drop(name, `${ctx.model} is a reasoning model and rejects penalties`);
    else b.send(name, value, [field]);
  }
  if (p.seed !== undefined) b.send('seed', p.seed, ['seed']);
  if (p.stop !== undefined) {
    if (reasoning || grok) b.drop('stop', `${ctx.model} is a reasoning model and rejects stop sequences`);
    else if (FOUR_STOPS.has(ctx.host) && p.stop.length > 4) b.invalid('stop', `takes at most 4 sequences on ${ctx.host}`);
    else b.send('stop', p.stop, ['stop']);
  }
  if (p.user !== undefined) b.send('user', p.user, ['user']);
  if (p.cache !== undefined) b.drop('cache', `${ctx.host} has no prompt-caching control in Chat Completions (OpenAI caches long prefixes by itself)`);
  mapEffort(p, ctx, b, ['reasoning_effort']);
}

/** The Responses API (OpenAI, Azure with `api: 'responses'`). */
export function mapOpenAIResponses(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder): void {
  const reasoning = isOpenAIReasoning(ctx.model);
  const noSampling = `${ctx.model} is a reasoning model and rejects sampling settings`;
  if (p.maxTokens !== undefined) {
    b.maxOutputTokens = p.maxTokens;
    b.send('maxTokens', p.maxTokens);
  }
  if (p.temperature !== undefined) {
    if (reasoning) b.drop('temperature', noSampling);
    else {
      b.temperature = p.temperature;
      b.send('temperature', p.temperature);
    }
  }
  if (p.topP !== undefined) {
    if (reasoning) b.drop('topP', noSampling);
    else b.send('topP', p.topP, ['top_p']);
  }
  for (const name of ['topK', 'minP', 'repetitionPenalty', 'frequencyPenalty', 'presencePenalty', 'seed', 'stop'] as const) {
    if (p[name] !== undefined) b.drop(name, `the Responses API has no ${name}`);
  }
  if (p.user !== undefined) b.send('user', p.user, ['user']);
  if (p.cache !== undefined) b.drop('cache', 'the Responses API has no prompt-caching control (OpenAI caches long prefixes by itself)');
  mapEffort(p, ctx, b, ['reasoning', 'effort']);
}
