/** The portable reasoning levels, lowest first (`effort`). */
export const EFFORT_LEVELS = ['none', 'minimal', 'low', 'medium', 'high', 'xhigh', 'max'] as const;
export type Effort = (typeof EFFORT_LEVELS)[number];

/**
 * Generation parameters, one set for every provider (the kit's names in camelCase:
 * `top_p` → `topP`, `thinking_budget` → `thinkingBudget`…). Each provider validates them when it is
 * built and turns them into what its API and the model family accept: `explain()` shows what is
 * sent, what is dropped and what is adjusted, and why.
 */
export interface GenerationParameters {
  temperature?: number;
  topP?: number;
  topK?: number;
  minP?: number;
  frequencyPenalty?: number;
  presencePenalty?: number;
  repetitionPenalty?: number;
  seed?: number;
  /** The output limit (a request's `maxOutputTokens` wins). */
  maxTokens?: number;
  stop?: string[];
  /** The portable way to ask for reasoning, mapped to the nearest level (or budget) each model has. */
  effort?: Effort;
  /** Extended thinking on (`true`) or off (`false`), where the model has a switch. */
  thinking?: boolean;
  /** A thinking budget in tokens, for models that take a budget rather than a level. */
  thinkingBudget?: number;
  /** Prompt caching, where the provider has a control for it. */
  cache?: boolean;
  /** An end-user id for the vendor's abuse tracing (never a name or an email). */
  user?: string;
}

export type ParameterName = keyof GenerationParameters;

/** Every parameter name, in the order plans list them. */
export const PARAMETER_NAMES = Object.freeze([
  'temperature',
  'topP',
  'topK',
  'minP',
  'frequencyPenalty',
  'presencePenalty',
  'repetitionPenalty',
  'seed',
  'maxTokens',
  'stop',
  'effort',
  'thinking',
  'thinkingBudget',
  'cache',
  'user',
] as const satisfies readonly ParameterName[]);

/** One bad value: the parameter, what is wrong, and (for a typo) the name that was meant. */
export interface ParameterIssue {
  parameter: string;
  message: string;
  suggestion?: string;
}

const isNum = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isInt = (v: unknown): v is number => isNum(v) && Number.isInteger(v);

type Check = (value: unknown) => string | undefined;

const range = (min: number, max: number): Check => (v) => (isNum(v) && v >= min && v <= max ? undefined : `must be a number from ${min} to ${max}`);
const positiveInt: Check = (v) => (isInt(v) && v >= 1 ? undefined : 'must be a whole number of at least 1');

const CHECKS: Record<ParameterName, Check> = {
  temperature: range(0, 2),
  topP: range(0, 1),
  topK: positiveInt,
  minP: range(0, 1),
  frequencyPenalty: range(-2, 2),
  presencePenalty: range(-2, 2),
  repetitionPenalty: (v) => (isNum(v) && v > 0 && v <= 2 ? undefined : 'must be a number above 0 and at most 2'),
  seed: (v) => (isInt(v) && Number.isSafeInteger(v) ? undefined : 'must be a whole number'),
  maxTokens: positiveInt,
  stop: (v) =>
    Array.isArray(v) && v.every((s) => typeof s === 'string' && s.length > 0) ? (v.length === 0 ? 'must hold at least one sequence' : undefined) : 'must be a list of non-empty strings',
  effort: (v) => ((EFFORT_LEVELS as readonly unknown[]).includes(v) ? undefined : `must be one of ${EFFORT_LEVELS.join(', ')}`),
  thinking: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  thinkingBudget: (v) => (isInt(v) && v >= 0 ? undefined : 'must be a whole number of tokens, 0 or more'),
  cache: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  user: (v) => (typeof v === 'string' && v.length > 0 && v.length <= 256 ? undefined : 'must be a non-empty string of at most 256 characters'),
};

/** The range checks every provider shares (per-provider limits come from the plan). */
export function parameterIssues(parameters: Record<string, unknown>, didYouMean: (key: string) => string | undefined): ParameterIssue[] {
  const issues: ParameterIssue[] = [];
  for (const [key, value] of Object.entries(parameters)) {
    if (value === undefined) continue;
    if (!Object.hasOwn(CHECKS, key)) {
      const suggestion = didYouMean(key);
      issues.push({ parameter: key, message: 'is not a generation parameter', ...(suggestion ? { suggestion } : {}) });
      continue;
    }
    const problem = CHECKS[key as ParameterName](value);
    if (problem) issues.push({ parameter: key, message: problem });
  }
  return issues;
}
