/** What a model can do, as the catalogue records it. */
export type ModelCapability = 'tools' | 'vision' | 'json_schema' | 'streaming' | 'reasoning' | 'prompt_cache';

/** One model: limits, list prices (USD per million tokens) and capabilities, with when and where they were read. */
export interface ModelInfo {
  /** The vendor family or preset id prices are looked up under (`openai`, `anthropic`, `gemini`, `deepseek`…). */
  provider: string;
  model: string;
  contextWindow: number;
  /** The most output tokens one answer may have. */
  maxOutputTokens: number;
  price: { input: number; output: number; cacheRead?: number; cacheWrite?: number };
  capabilities: readonly ModelCapability[];
  /** When the entry was checked (`YYYY-MM-DD`). */
  asOf: string;
  /** The vendor page it was read from. */
  source: string;
}

const OPENAI = 'https://openai.com/api/pricing/';
const ANTHROPIC = 'https://www.anthropic.com/pricing#api';
const GEMINI = 'https://ai.google.dev/gemini-api/docs/pricing';
const DEEPSEEK = 'https://api-docs.deepseek.com/quick_start/pricing';
const CHAT: readonly ModelCapability[] = ['tools', 'vision', 'json_schema', 'streaming', 'prompt_cache'];
const THINKS: readonly ModelCapability[] = [...CHAT, 'reasoning'];
const AS_OF = '2025-08-01';

const MODELS: ModelInfo[] = [
  { provider: 'openai', model: 'gpt-4o', contextWindow: 128_000, maxOutputTokens: 16_384, price: { input: 2.5, output: 10, cacheRead: 1.25 }, capabilities: CHAT, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'gpt-4o-mini', contextWindow: 128_000, maxOutputTokens: 16_384, price: { input: 0.15, output: 0.6, cacheRead: 0.075 }, capabilities: CHAT, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'gpt-4.1', contextWindow: 1_047_576, maxOutputTokens: 32_768, price: { input: 2, output: 8, cacheRead: 0.5 }, capabilities: CHAT, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'gpt-4.1-mini', contextWindow: 1_047_576, maxOutputTokens: 32_768, price: { input: 0.4, output: 1.6, cacheRead: 0.1 }, capabilities: CHAT, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'gpt-4.1-nano', contextWindow: 1_047_576, maxOutputTokens: 32_768, price: { input: 0.1, output: 0.4, cacheRead: 0.025 }, capabilities: CHAT, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'o3', contextWindow: 200_000, maxOutputTokens: 100_000, price: { input: 2, output: 8, cacheRead: 0.5 }, capabilities: THINKS, asOf: AS_OF, source: OPENAI },
  { provider: 'openai', model: 'o4-mini', contextWindow: 200_000, maxOutputTokens: 100_000, price: { input: 1.1, output: 4.4, cacheRead: 0.275 }, capabilities: THINKS, asOf: AS_OF, source: OPENAI },
  { provider: 'anthropic', model: 'claude-opus-4-1', contextWindow: 200_000, maxOutputTokens: 32_000, price: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }, capabilities: THINKS, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'anthropic', model: 'claude-opus-4', contextWindow: 200_000, maxOutputTokens: 32_000, price: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }, capabilities: THINKS, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'anthropic', model: 'claude-sonnet-4', contextWindow: 200_000, maxOutputTokens: 64_000, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, capabilities: THINKS, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'anthropic', model: 'claude-sonnet-4-5', contextWindow: 200_000, maxOutputTokens: 64_000, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, capabilities: THINKS, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'anthropic', model: 'claude-3-7-sonnet', contextWindow: 200_000, maxOutputTokens: 64_000, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }, capabilities: THINKS, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'anthropic', model: 'claude-3-5-haiku', contextWindow: 200_000, maxOutputTokens: 8192, price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }, capabilities: CHAT, asOf: AS_OF, source: ANTHROPIC },
  { provider: 'gemini', model: 'gemini-2.5-pro', contextWindow: 1_048_576, maxOutputTokens: 65_536, price: { input: 1.25, output: 10, cacheRead: 0.31 }, capabilities: THINKS, asOf: AS_OF, source: GEMINI },
  { provider: 'gemini', model: 'gemini-2.5-flash', contextWindow: 1_048_576, maxOutputTokens: 65_536, price: { input: 0.3, output: 2.5, cacheRead: 0.075 }, capabilities: THINKS, asOf: AS_OF, source: GEMINI },
  { provider: 'gemini', model: 'gemini-2.5-flash-lite', contextWindow: 1_048_576, maxOutputTokens: 65_536, price: { input: 0.1, output: 0.4, cacheRead: 0.025 }, capabilities: THINKS, asOf: AS_OF, source: GEMINI },
  { provider: 'deepseek', model: 'deepseek-chat', contextWindow: 64_000, maxOutputTokens: 8192, price: { input: 0.27, output: 1.1, cacheRead: 0.07 }, capabilities: ['tools', 'json_schema', 'streaming', 'prompt_cache'], asOf: AS_OF, source: DEEPSEEK },
  { provider: 'deepseek', model: 'deepseek-reasoner', contextWindow: 64_000, maxOutputTokens: 32_768, price: { input: 0.55, output: 2.19, cacheRead: 0.14 }, capabilities: ['streaming', 'prompt_cache', 'reasoning'], asOf: AS_OF, source: DEEPSEEK },
];

/**
 * The built-in model catalogue: the one source of the default prices (`DEFAULT_PRICES` is derived
 * from it), of context windows (compaction) and output limits. Vendor data drifts: every entry says
 * when and where it was read. Frozen.
 */
export const MODEL_CATALOG: readonly Readonly<ModelInfo>[] = Object.freeze(
  MODELS.map((info) => Object.freeze({ ...info, price: Object.freeze({ ...info.price }), capabilities: Object.freeze([...info.capabilities]) })),
);
