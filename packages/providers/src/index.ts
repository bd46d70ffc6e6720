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



export { fallback, shouldFailOver } from './fallback.js';
export type { FallbackOptions, FallbackProvider } from './fallback.js';

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
