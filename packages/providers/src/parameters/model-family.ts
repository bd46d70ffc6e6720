import { EFFORT_LEVELS, type Effort } from './generation-parameters.js';

/** The part of a model id after a vendor prefix or a path (`us.anthropic.claude-…`, `models/gemini-…`). */
function bare(model: string): string {
  return model.toLowerCase().replace(/^.*\//, '');
}

/** OpenAI reasoning models (o-series, gpt-5 but not `gpt-5-chat`): no sampling settings, no stop. */
export function isOpenAIReasoning(model: string): boolean {
  const m = bare(model);
  return /^(o\d)(-|$)/.test(m) || (/^gpt-5/.test(m) && !/chat/.test(m));
}

/** The effort levels an OpenAI reasoning model takes. */
export function openAIEffortLevels(model: string): readonly Effort[] {
  return /^gpt-5/.test(bare(model)) ? ['minimal', 'low', 'medium', 'high'] : ['low', 'medium', 'high'];
}

/** xAI's reasoning models refuse penalties and stop sequences. */
export function isGrokReasoning(model: string): boolean {
  return /^grok-(3-mini|4)/.test(bare(model));
}

/** Claude under any id: `claude-…`, Bedrock `anthropic.claude-…`, Vertex `claude-…@date`. */
export function isClaude(model: string): boolean {
  return /claude/.test(model.toLowerCase());
}

/** Claude models that only think: no sampling settings at all. */
export function isClaudeThinkingOnly(model: string): boolean {
  return /claude-(opus|sonnet)-5/.test(model.toLowerCase());
}

/** Gemini thinking: budget range and whether it can be switched off, by family. */
export interface GeminiThinking {
  kind: 'budget' | 'level' | 'none';
  min: number;
  max: number;
  canDisable: boolean;
}

export function geminiThinking(model: string): GeminiThinking {
  const m = bare(model);
  if (/^gemini-2\.5-pro/.test(m)) return { kind: 'budget', min: 128, max: 32_768, canDisable: false };
  if (/^gemini-2\.5-flash-lite/.test(m)) return { kind: 'budget', min: 512, max: 24_576, canDisable: true };
  if (/^gemini-2\.5/.test(m)) return { kind: 'budget', min: 1, max: 24_576, canDisable: true };
  if (/^gemini-[3-9]/.test(m)) return { kind: 'level', min: 0, max: 0, canDisable: false };
  return { kind: 'none', min: 0, max: 0, canDisable: true };
}

/** The nearest level `allowed` has to `wanted` (ties go to the lower one). */
export function nearestEffort(wanted: Effort, allowed: readonly Effort[]): Effort {
  const index = EFFORT_LEVELS.indexOf(wanted);
  let best = allowed[0] as Effort;
  let bestGap = Infinity;
  for (const level of allowed) {
    const gap = Math.abs(EFFORT_LEVELS.indexOf(level) - index);
    if (gap < bestGap) {
      best = level;
      bestGap = gap;
    }
  }
  return best;
}

/** A thinking budget for an effort, for models that take a budget. */
export const EFFORT_BUDGET: Readonly<Record<Effort, number>> = Object.freeze({
  none: 0,
  minimal: 1024,
  low: 2048,
  medium: 8192,
  high: 16_384,
  xhigh: 24_576,
  max: 32_000,
});

/** An effort for a budget, for models that take a level. */
export function effortForBudget(budget: number): Effort {
  if (budget === 0) return 'none';
  if (budget <= 2048) return 'low';
  if (budget <= 8192) return 'medium';
  return 'high';
}
