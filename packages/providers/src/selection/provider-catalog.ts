import { OPENAI_PRESETS } from '../openai/presets.js';
import type { CloudApi } from './cloud-platform-env.js';

/** What Warden knows about one provider id, for selection and `describeProviders`. */
export interface ProviderInfo {
  id: string;
  label: string;
  /** Which adapter speaks to it. */
  api: 'openai' | 'anthropic' | 'gemini' | 'openai-compatible' | CloudApi;
  /** The provider whose model names this one also takes from `WARDEN_MODEL` (`vertex-gemini` → `gemini`). */
  family?: string;
  /** Runs on this machine: it never receives `WARDEN_API_KEY` or another provider's key. */
  local: boolean;
  /** Variables its key is read from, in order; empty for servers that need none. */
  keyVars: readonly string[];
  /** Whether a key is required (local servers take one only if you set it). */
  keyRequired: boolean;
  defaultModel?: string;
  baseURL: string;
}

/** `OLLAMA`, `LMSTUDIO`, `OPENAI`… the prefix of a provider's variables. */
export function envPrefix(id: string): string {
  return id.toUpperCase().replace(/[^A-Z0-9]/g, '_');
}

function build(): readonly ProviderInfo[] {
  const list: ProviderInfo[] = [
    { id: 'openai', label: 'OpenAI', api: 'openai', local: false, keyVars: ['OPENAI_API_KEY'], keyRequired: true, defaultModel: 'gpt-4.1-mini', baseURL: 'https://api.openai.com/v1' },
    { id: 'anthropic', label: 'Anthropic', api: 'anthropic', local: false, keyVars: ['ANTHROPIC_API_KEY'], keyRequired: true, defaultModel: 'claude-sonnet-4-0', baseURL: 'https://api.anthropic.com' },
    { id: 'gemini', label: 'Google Gemini', api: 'gemini', local: false, keyVars: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'], keyRequired: true, defaultModel: 'gemini-2.5-flash', baseURL: 'https://generativelanguage.googleapis.com/v1beta' },
  ];
  for (const preset of Object.values(OPENAI_PRESETS)) {
    const info: ProviderInfo = {
      id: preset.id,
      label: preset.label,
      api: 'openai-compatible',
      local: preset.local,
      keyVars: preset.keyVar ? [preset.keyVar] : [],
      keyRequired: !preset.local,
      baseURL: preset.baseURL,
    };
    if (preset.defaultModel) info.defaultModel = preset.defaultModel;
    list.push(Object.freeze(info));
  }
  // Any OpenAI-compatible endpoint, named by its URL alone (`--base-url`, WARDEN_BASE_URL): no preset to guess.
  list.push(Object.freeze({ id: 'openai-compatible', label: 'OpenAI-compatible endpoint', api: 'openai-compatible', local: true, keyVars: ['OPENAI_COMPATIBLE_API_KEY'], keyRequired: false, baseURL: '' }));
  list.push(
    // Cloud platforms: their settings beyond a key are read in cloud-platform-env.ts.
    { id: 'openai-responses', label: 'OpenAI Responses API', api: 'openai-responses', family: 'openai', local: false, keyVars: ['OPENAI_API_KEY'], keyRequired: true, defaultModel: 'gpt-4.1-mini', baseURL: 'https://api.openai.com/v1' },
    { id: 'azure-openai', label: 'Azure OpenAI', api: 'azure-openai', family: 'openai', local: false, keyVars: ['AZURE_OPENAI_API_KEY'], keyRequired: true, baseURL: 'https://{resource}.openai.azure.com' },
    { id: 'bedrock', label: 'Amazon Bedrock', api: 'bedrock', local: false, keyVars: [], keyRequired: true, baseURL: 'https://bedrock-runtime.{region}.amazonaws.com' },
    { id: 'vertex-gemini', label: 'Google Vertex AI (Gemini)', api: 'vertex-gemini', family: 'gemini', local: false, keyVars: [], keyRequired: true, defaultModel: 'gemini-2.5-flash', baseURL: 'https://{location}-aiplatform.googleapis.com' },
    { id: 'vertex-anthropic', label: 'Google Vertex AI (Claude)', api: 'vertex-anthropic', family: 'anthropic', local: false, keyVars: [], keyRequired: true, defaultModel: 'claude-sonnet-4@20250514', baseURL: 'https://{location}-aiplatform.googleapis.com' },
  );
  return Object.freeze(list.map((i) => Object.freeze(i)));
}

/** Every provider id Warden can select, read-only. */
export const PROVIDER_CATALOG: readonly ProviderInfo[] = build();

export function providerInfo(id: string): ProviderInfo | undefined {
  return PROVIDER_CATALOG.find((p) => p.id === id);
}

/** `anthropic.claude-…`, `us.meta.llama…`, `amazon.nova-…`: a Bedrock model id or inference profile. */
const BEDROCK_MODEL = /^((us|eu|apac|us-gov|global)\.)?(anthropic|meta|amazon|mistral|cohere|ai21|deepseek|writer|qwen|openai)\.[a-z0-9]/;

/**
 * The provider a model name implies, when it is unambiguous: `gpt-*`/`o3` →
 * openai, `claude-*` → anthropic, `gemini-*` → gemini, `grok-*` → xai,
 * `deepseek-*` → deepseek, Mistral's families → mistral, a Bedrock model id
 * (`anthropic.claude-…-v1:0`, `us.meta.llama…`) or ARN → bedrock, `vendor/model` →
 * openrouter, `name:tag` → ollama.
 */
export function inferProvider(model: string | undefined): string | undefined {
  if (!model) return undefined;
  const m = model.toLowerCase();
  if (BEDROCK_MODEL.test(m) || m.startsWith('arn:aws:bedrock:')) return 'bedrock';
  if (/^(gpt-|chatgpt-|o\d(-|$)|codex-)/.test(m)) return 'openai';
  if (m.startsWith('claude-')) return 'anthropic';
  if (m.startsWith('gemini-') || m.startsWith('models/gemini-')) return 'gemini';
  if (m.startsWith('grok-')) return 'xai';
  if (m.startsWith('deepseek-')) return 'deepseek';
  if (/^(mistral|codestral|magistral|devstral|ministral|pixtral|open-mistral)/.test(m)) return 'mistral';
  if (m.startsWith('accounts/fireworks/')) return 'fireworks';
  if (m.includes('/')) return 'openrouter';
  if (m.includes(':')) return 'ollama';
  return undefined;
}
