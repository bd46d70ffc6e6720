import { configError } from '../errors/coded-errors.js';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { HttpProvider } from '../shared/http-provider.js';
import { notConfigured, type CommonProviderOptions } from '../shared/provider-options.js';
import { openaiCompatible } from './chat-completions.js';

/** A host that speaks OpenAI Chat Completions. */
export interface OpenAIPreset {
  id: string;
  label: string;
  baseURL: string;
  /** The variable its key is read from; undefined for servers that need none. */
  keyVar?: string;
  /** The model used when none is given; undefined when the server decides (set `<ID>_MODEL`). */
  defaultModel?: string;
  /** Runs on this machine: never receives a cloud key, costs nothing. */
  local: boolean;
  maxTokensField: 'max_tokens' | 'max_completion_tokens';
}

const preset = (p: Omit<OpenAIPreset, 'maxTokensField'> & Partial<Pick<OpenAIPreset, 'maxTokensField'>>): OpenAIPreset =>
  Object.freeze({ maxTokensField: 'max_tokens', ...p });

/** The OpenAI-compatible hosts Warden knows, read-only. */
export const OPENAI_PRESETS: Readonly<Record<string, OpenAIPreset>> = Object.freeze({
  openrouter: preset({ id: 'openrouter', label: 'OpenRouter', baseURL: 'https://openrouter.ai/api/v1', keyVar: 'OPENROUTER_API_KEY', defaultModel: 'openai/gpt-4o-mini', local: false }),
  groq: preset({ id: 'groq', label: 'Groq', baseURL: 'https://api.groq.com/openai/v1', keyVar: 'GROQ_API_KEY', defaultModel: 'llama-3.3-70b-versatile', local: false }),
  together: preset({ id: 'together', label: 'Together AI', baseURL: 'https://api.together.xyz/v1', keyVar: 'TOGETHER_API_KEY', defaultModel: 'meta-llama/Llama-3.3-70B-Instruct-Turbo', local: false }),
  deepseek: preset({ id: 'deepseek', label: 'DeepSeek', baseURL: 'https://api.deepseek.com/v1', keyVar: 'DEEPSEEK_API_KEY', defaultModel: 'deepseek-chat', local: false }),
  mistral: preset({ id: 'mistral', label: 'Mistral', baseURL: 'https://api.mistral.ai/v1', keyVar: 'MISTRAL_API_KEY', defaultModel: 'mistral-large-latest', local: false }),
  xai: preset({ id: 'xai', label: 'xAI', baseURL: 'https://api.x.ai/v1', keyVar: 'XAI_API_KEY', defaultModel: 'grok-3-mini', local: false }),
  fireworks: preset({ id: 'fireworks', label: 'Fireworks', baseURL: 'https://api.fireworks.ai/inference/v1', keyVar: 'FIREWORKS_API_KEY', defaultModel: 'accounts/fireworks/models/llama-v3p3-70b-instruct', local: false }),
  cerebras: preset({ id: 'cerebras', label: 'Cerebras', baseURL: 'https://api.cerebras.ai/v1', keyVar: 'CEREBRAS_API_KEY', defaultModel: 'llama-3.3-70b', local: false }),
  ollama: preset({ id: 'ollama', label: 'Ollama', baseURL: 'http://localhost:11434/v1', keyVar: 'OLLAMA_API_KEY', defaultModel: 'llama3.2', local: true }),
  lmstudio: preset({ id: 'lmstudio', label: 'LM Studio', baseURL: 'http://localhost:1234/v1', keyVar: 'LMSTUDIO_API_KEY', local: true }),
  vllm: preset({ id: 'vllm', label: 'vLLM', baseURL: 'http://localhost:8000/v1', keyVar: 'VLLM_API_KEY', local: true }),
});

export type OpenAIPresetName = keyof typeof OPENAI_PRESETS;

export interface PresetOptions extends Omit<CommonProviderOptions, 'model'> {
  model?: string;
  /** The key for this host. A local preset only ever gets the key passed here. */
  apiKey?: string;
}

const PRESET_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true, apiKey: true,
} satisfies OptionKeys<PresetOptions>;

/** A provider for one named OpenAI-compatible host. */
export function openaiPreset(name: string, options: PresetOptions = {}): HttpProvider {
  strictOptions(`openaiPreset('${name}')`, PRESET_KEYS, options);
  const found = Object.hasOwn(OPENAI_PRESETS, name) ? OPENAI_PRESETS[name] : undefined;
  if (!found) {
    throw configError({
      code: 'config.invalid',
      message: `unknown OpenAI-compatible preset "${name}"`,
      hint: `Use one of: ${Object.keys(OPENAI_PRESETS).join(', ')}, or openaiCompatible({ baseURL }).`,
    });
  }
  if (!found.local && !options.apiKey) {
    throw notConfigured(found.id, `no API key (${found.keyVar ?? 'apiKey'})`, `Set ${found.keyVar ?? 'the key'} or pass apiKey.`);
  }
  const model = options.model ?? found.defaultModel;
  if (!model) throw notConfigured(found.id, 'no model', `Set ${found.id.toUpperCase()}_MODEL or pass model; ${found.label} serves whatever model it has loaded.`);
  const { model: _model, ...rest } = options;
  return openaiCompatible({
    ...rest,
    id: found.id,
    model,
    baseURL: options.baseURL ?? found.baseURL,
    maxTokensField: found.maxTokensField,
    local: found.local,
  });
}
