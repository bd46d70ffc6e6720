import type { GenerationParameters } from './generation-parameters.js';
import { mapClaude, type ClaudePaths } from './map-anthropic.js';
import { isClaude } from './model-family.js';
import type { PlanBuilder } from './plan-builder.js';
import type { PlanContext } from './plan-parameters.js';

const CLAUDE_ON_BEDROCK: ClaudePaths = {
  thinking: ['additionalModelRequestFields', 'thinking'],
  topP: ['inferenceConfig', 'topP'],
  topK: ['additionalModelRequestFields', 'top_k'],
  stop: ['inferenceConfig', 'stopSequences'],
  cache: false,
};

/** Bedrock Converse: `inferenceConfig` for every model, Claude's extras in `additionalModelRequestFields`. */
export function mapBedrock(p: GenerationParameters, ctx: PlanContext, b: PlanBuilder): void {
  if (isClaude(ctx.model)) {
    mapClaude(p, ctx, b, CLAUDE_ON_BEDROCK);
    return;
  }
  if (p.maxTokens !== undefined) {
    b.maxOutputTokens = p.maxTokens;
    b.send('maxTokens', p.maxTokens);
  }
  if (p.temperature !== undefined) {
    const t = Math.min(1, p.temperature);
    if (t !== p.temperature) b.adjust('temperature', p.temperature, t, 'Converse takes temperature 0–1');
    b.temperature = t;
    b.send('temperature', t);
  }
  if (p.topP !== undefined) b.send('topP', p.topP, ['inferenceConfig', 'topP']);
  if (p.stop !== undefined) b.send('stop', p.stop, ['inferenceConfig', 'stopSequences']);
  const elsewhere = 'Converse has no such field for this model family; pass it in additionalModelRequestFields';
  for (const name of ['topK', 'minP', 'repetitionPenalty', 'frequencyPenalty', 'presencePenalty', 'seed'] as const) if (p[name] !== undefined) b.drop(name, elsewhere);
  for (const name of ['effort', 'thinking', 'thinkingBudget'] as const) if (p[name] !== undefined) b.drop(name, `${ctx.model} has no thinking control on Converse`);
  if (p.user !== undefined) b.drop('user', 'Converse has no end-user field');
  if (p.cache !== undefined) b.drop('cache', 'prompt caching (cachePoint) is not driven on Bedrock yet');
}
