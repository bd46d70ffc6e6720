import { didYouMean } from '@warden/protocol/checks';
import { parameterIssues, PARAMETER_NAMES, type GenerationParameters } from './generation-parameters.js';
import { mapBedrock } from './map-bedrock.js';
import { ANTHROPIC_PATHS, mapClaude } from './map-anthropic.js';
import { mapGemini } from './map-gemini.js';
import { mapOpenAIChat, mapOpenAIResponses } from './map-openai.js';
import { ParameterError } from './parameter-error.js';
import { PlanBuilder } from './plan-builder.js';

/** The wire formats with a parameter mapping of their own. */
export type ParameterWire = 'openai-chat' | 'openai-responses' | 'anthropic' | 'gemini' | 'bedrock';

export interface PlanContext {
  wire: ParameterWire;
  /** The provider id (`openai`, `vllm`, `azure-openai`…): some hosts take more than others. */
  host: string;
  model: string;
  /** The max tokens the adapter sends when none is given (Claude's thinking budget must fit below it). */
  defaultMaxTokens?: number;
}

const MAPPERS = {
  'openai-chat': mapOpenAIChat,
  'openai-responses': mapOpenAIResponses,
  anthropic: (p, ctx, b) => mapClaude(p, ctx, b, ANTHROPIC_PATHS),
  gemini: mapGemini,
  bedrock: mapBedrock,
} satisfies Record<ParameterWire, (p: GenerationParameters, ctx: PlanContext, b: PlanBuilder) => void>;

/**
 * Checks `parameters` (every bad value at once, as a ParameterError) and maps them onto `ctx`'s
 * wire and model family. Pure: providers call it when they are built and for a request that
 * carries its own temperature or output limit.
 */
export function planParameters(parameters: GenerationParameters, ctx: PlanContext): PlanBuilder {
  if (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters)) {
    throw new ParameterError(ctx.host, [{ parameter: 'parameters', message: 'must be an object' }]);
  }
  const issues = parameterIssues(parameters as Record<string, unknown>, (key) => didYouMean(key, PARAMETER_NAMES));
  if (issues.length > 0) throw new ParameterError(ctx.host, issues);
  const builder = new PlanBuilder();
  MAPPERS[ctx.wire](parameters, ctx, builder);
  if (builder.issues.length > 0) throw new ParameterError(ctx.host, builder.issues);
  return builder;
}
