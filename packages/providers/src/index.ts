// Explicit named re-exports only: adding a name here makes it public API.
export { openai, openaiCompatible } from './openai/chat-completions.js';
export type { OpenAIChatOptions } from './openai/chat-completions.js';
export { OPENAI_PRESETS, openaiPreset } from './openai/presets.js';
export type { OpenAIPreset, OpenAIPresetName, PresetOptions } from './openai/presets.js';
export { openaiResponses } from './openai-responses/responses.js';
export type { OpenAIResponsesOptions } from './openai-responses/responses.js';
export { responsesBuiltinCalls } from './openai-responses/builtin-calls.js';
export type { ResponsesBuiltinCall } from './openai-responses/builtin-calls.js';
export { azureOpenAI } from './azure/azure-openai.js';
export type { AzureOpenAIOptions, AzureTokenFunction } from './azure/azure-openai.js';
export { bedrock } from './bedrock/bedrock.js';
export type { BedrockOptions } from './bedrock/bedrock.js';
export type { AwsCredentials } from './bedrock/aws-deps.js';
export { vertexGemini } from './vertex/vertex-gemini.js';
export type { GoogleTokenFunction, VertexGeminiOptions } from './vertex/vertex-gemini.js';
export { vertexAnthropic } from './vertex/vertex-anthropic.js';
export type { VertexAnthropicOptions } from './vertex/vertex-anthropic.js';
export { serviceAccountToken } from './vertex/service-account.js';
export type { ServiceAccountKey, ServiceAccountTokenOptions } from './vertex/service-account.js';
export { anthropic } from './anthropic/messages.js';
export type { AnthropicOptions } from './anthropic/messages.js';
export { gemini } from './gemini/generate-content.js';
export type { GeminiOptions } from './gemini/generate-content.js';
export type { CommonProviderOptions } from './shared/provider-options.js';
export type { HttpProvider } from './shared/http-provider.js';
export { EFFORT_LEVELS, PARAMETER_NAMES } from './parameters/generation-parameters.js';
export type { Effort, GenerationParameters, ParameterIssue, ParameterName } from './parameters/generation-parameters.js';
export type { ParameterPlan } from './parameters/plan-builder.js';
export { ParameterError } from './parameters/parameter-error.js';
export { planParameters } from './parameters/plan-parameters.js';
export type { ParameterWire, PlanContext } from './parameters/plan-parameters.js';

export { createPriceTable } from './pricing/price-table.js';
export type { ModelPrice, PriceTable, PriceTableOptions } from './pricing/price-table.js';
export { DEFAULT_PRICES } from './pricing/default-prices.js';
export { MODEL_CATALOG } from './catalog/model-catalog.js';
export type { ModelCapability, ModelInfo } from './catalog/model-catalog.js';
export { listModels, lookupModel } from './catalog/lookup-model.js';

export { resolveProvider } from './selection/resolve-provider.js';
export type { Env, ResolveProviderOptions } from './selection/resolve-provider.js';
export { describeProviders } from './selection/describe-providers.js';
export type { ProviderDescription } from './selection/describe-providers.js';
export { PROVIDER_CATALOG, inferProvider } from './selection/provider-catalog.js';
export type { ProviderInfo } from './selection/provider-catalog.js';
export { DEFAULT_PROVIDER_CATALOG, describeProviderPlugin, withProviders } from './selection/provider-plugins.js';
export type { ProviderCatalog, ProviderPlugin, ProviderPluginContext, ProviderPluginDescription } from './selection/provider-plugins.js';
export type { ProviderField, ProviderFieldStatus } from './selection/plugin-fields.js';

export { fallback, shouldFailOver } from './fallback.js';
export type { FallbackOptions, FallbackProvider } from './fallback.js';
export { recording } from './record-replay/recording.js';
export { replay } from './record-replay/replay.js';
export type { ReplayOptions } from './record-replay/replay.js';
export type { RecordedExchange } from './record-replay/recording-format.js';

// Transport pieces (createHttpTransport, RetryPolicy, CircuitBreaker, SseParser…) are in './transport.ts', the `/transport` subpath for adapter authors.
export type { ProviderHealth } from './transport/health.js';

export { PROVIDER_ERROR_CODES } from './errors/error-codes.js';
export { AuthError } from './errors/auth-error.js';
export { RateLimitError } from './errors/rate-limit-error.js';
export { OverloadedError } from './errors/overloaded-error.js';
export { ContextLengthError } from './errors/context-length-error.js';
export { ContentFilterError } from './errors/content-filter-error.js';
export { TimeoutError } from './errors/timeout-error.js';
export { NetworkError } from './errors/network-error.js';
export { UnavailableError } from './errors/unavailable-error.js';
export type { ProviderErrorCode } from './errors/error-codes.js';
