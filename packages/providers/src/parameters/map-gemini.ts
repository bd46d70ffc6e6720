import type { GenerationParameters } from './generation-parameters.js';
import { EFFORT_BUDGET, geminiThinking, nearestEffort } from './model-family.js';
import type { PlanBuilder } from './plan-builder.js';
import type { PlanContext } from './plan-parameters.js';

const CONFIG = ['generationConfig'];
const THINKING = ['generationConfig', 'thinkingConfig'];

function mapThinking(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder): void {
  const family = geminiThinking(ctx.model);
  const asked = p.thinking !== undefined || p.thinkingBudget !== undefined || p.effort !== undefined;
  if (!asked) return;
  if (family.kind === 'none') {
    for (const name of ['thinking', 'thinkingBudget', 'effort'] as const) if (p[name] !== undefined) b.drop(name, `${ctx.model} has no thinking`);
    return;
  }
  if (family.kind === 'level') {
    if (p.thinkingBudget !== undefined) b.drop('thinkingBudget', `${ctx.model} takes a thinking level, not a budget`);
    if (p.thinking !== undefined) b.drop('thinking', `${ctx.model} cannot switch thinking off; use effort`);
    if (p.effort !== undefined) {
      const level = nearestEffort(p.effort, ['low', 'high']);
      if (level !== p.effort) b.adjust('effort', p.effort, level, `${ctx.model} takes low or high`);
      b.send('effort', level, [...THINKING, 'thinkingLevel']);
    }
    return;
  }
  let name: 'thinking' | 'thinkingBudget' | 'effort';
  let budget: number;
  if (p.thinking === false) [name, budget] = ['thinking', 0];
  else if (p.thinkingBudget !== undefined) [name, budget] = ['thinkingBudget', p.thinkingBudget];
  else if (p.effort !== undefined) [name, budget] = ['effort', EFFORT_BUDGET[p.effort]];
  else [name, budget] = ['thinking', -1];
  if (name === 'thinkingBudget' && p.effort !== undefined) b.drop('effort', 'thinkingBudget is set');
  let value = budget;
  if (budget === 0 && !family.canDisable) {
    value = family.min;
    b.adjust(name, name === 'thinking' ? false : name === 'effort' ? p.effort : budget, value, `${ctx.model} cannot switch thinking off; the smallest budget is sent`);
  } else if (budget > 0 && (budget < family.min || budget > family.max)) {
    value = Math.min(family.max, Math.max(family.min, budget));
    b.adjust(name, name === 'effort' ? p.effort : budget, value, `${ctx.model} takes a thinking budget of ${family.min}–${family.max}`);
  } else if (name === 'effort') b.adjust('effort', p.effort, budget, 'Gemini 2.5 takes a thinking budget; the effort is sent as one');
  else if (name === 'thinking') b.adjust('thinking', p.thinking, budget, budget === -1 ? 'sent as a dynamic budget (-1: the model decides)' : 'sent as a thinking budget of 0');
  // The wire takes a budget whatever was asked: it is what `sent` shows.
  b.send('thinkingBudget', value, [...THINKING, 'thinkingBudget']);
}

/** Gemini API and Gemini on Vertex (`generationConfig`). */
export function mapGemini(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder): void {
  if (p.maxTokens !== undefined) {
    b.maxOutputTokens = p.maxTokens;
    b.send('maxTokens', p.maxTokens);
  }
  if (p.temperature !== undefined) {
    b.temperature = p.temperature;
    b.send('temperature', p.temperature);
  }
  const fields = [
    ['topP', 'topP'],
    ['topK', 'topK'],
    ['seed', 'seed'],
    ['frequencyPenalty', 'frequencyPenalty'],
    ['presencePenalty', 'presencePenalty'],
  ] as const;
  for (const [name, field] of fields) {
    const value = p[name];
    if (value !== undefined) b.send(name, value, [...CONFIG, field]);
  }
  if (p.stop !== undefined) {
    if (p.stop.length > 5) b.invalid('stop', 'takes at most 5 sequences on Gemini');
    else b.send('stop', p.stop, [...CONFIG, 'stopSequences']);
  }
  for (const name of ['minP', 'repetitionPenalty', 'user'] as const) if (p[name] !== undefined) b.drop(name, `Gemini has no ${name}`);
  if (p.cache !== undefined) b.drop('cache', 'Gemini caches repeated prefixes implicitly; explicit cachedContents are not driven');
  mapThinking(p, ctx, b);
}
