import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { JsonObject, Message, ModelRequest } from '@warden/protocol';
import { createHttpProvider, type HttpProvider, type VendorAdapter } from '../shared/http-provider.js';
import { withJsonFields } from '../shared/json-fragments.js';
import { buildTransport, notConfigured, pricesOf, trimSlash, vendorOptions, type CommonProviderOptions } from '../shared/provider-options.js';
import type { TurnJson } from '../shared/turns-json.js';
import type { HttpRequest } from '../transport/http-transport.js';
import { loadAwsDeps, type AwsCredentials } from './aws-deps.js';
import { converseMessagesJson, converseSystem, converseToolConfig } from './converse-messages.js';
import { parseConverseResponse } from './converse-response.js';
import { ConverseStreamReader } from './converse-stream.js';
import { awsProfileCredentials, awsProfileNow } from './aws-profile.js';
import { awsCredentialsFromEnv, awsRegionFromEnv, type AwsEnv } from './credentials.js';
import { EventStreamDecoder } from './event-stream-decoder.js';
import { sigv4Authorizer } from './sigv4-authorizer.js';

export interface BedrockOptions extends CommonProviderOptions {
  /** The model id or inference profile (`anthropic.claude-sonnet-4-20250514-v1:0`, `us.meta.llama3-3-70b-instruct-v1:0`) or an ARN. */
  model: string;
  /** The AWS region (default: `AWS_REGION`, else `AWS_DEFAULT_REGION`). */
  region?: string;
  /**
   * Credentials, or a function that returns them (called for every attempt: cache and refresh
   * inside it). Default: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN`, else the
   * profile `AWS_PROFILE` (default `default`) in the shared credentials and config files, re-read
   * for every attempt; with `AWS_PROFILE` set the profile wins.
   */
  credentials?: AwsCredentials | (() => Promise<AwsCredentials>);
  /** Where the AWS variables are read (default `process.env`). */
  env?: AwsEnv;
  /** The provider id (default `bedrock`). */
  id?: string;
  /** `inferenceConfig.maxTokens` when the request sets none. */
  defaultMaxTokens?: number;
  /** Claude extended thinking on Bedrock (`additionalModelRequestFields.thinking`). */
  thinking?: { budgetTokens: number };
  /** Model-specific fields Converse passes through (`additionalModelRequestFields`). */
  additionalModelRequestFields?: JsonObject;
}

const BEDROCK_KEYS = {
  model: true, baseURL: true, headers: true, transport: true, prices: true, contextWindow: true, parameters: true,
  region: true, credentials: true, env: true, id: true, defaultMaxTokens: true, thinking: true, additionalModelRequestFields: true,
} satisfies OptionKeys<BedrockOptions>;

/**
 * Amazon Bedrock's Converse and ConverseStream APIs (Anthropic, Llama, Mistral, Nova… models),
 * SigV4-signed on every attempt, the stream read from AWS's binary event-stream framing.
 * Needs the optional peers `@smithy/signature-v4` and `@smithy/core`.
 */
export function bedrock(options: BedrockOptions): HttpProvider {
  strictOptions('bedrock', BEDROCK_KEYS, options);
  const id = options.id ?? 'bedrock';
  if (!options.model) throw notConfigured(id, 'no model', 'Set BEDROCK_MODEL or pass model (a Bedrock model id or inference profile).');
  const env = options.env ?? process.env;
  // With AWS_PROFILE set the profile wins over the key variables, as in the AWS SDKs.
  const profile = options.credentials && options.region ? undefined : awsProfileNow(env);
  const region = options.region ?? awsRegionFromEnv(env) ?? profile?.region;
  if (!region) throw notConfigured(id, 'no AWS region', 'Set AWS_REGION or pass region (or give the profile a region).');
  const fromVariables = env.AWS_PROFILE ? undefined : awsCredentialsFromEnv(env);
  const credentials = options.credentials ?? fromVariables ?? (profile?.credentials ? awsProfileCredentials(env) : undefined);
  if (!credentials) {
    throw notConfigured(id, 'no AWS credentials', `Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (and AWS_SESSION_TOKEN for temporary ones), name a profile with AWS_PROFILE, or pass credentials${profile?.problem ? ` (${profile.problem})` : ''}.`);
  }
  const deps = loadAwsDeps(id);
  const authorize = sigv4Authorizer(deps.createSigner(region, 'bedrock', credentials));
  const base = trimSlash(options.baseURL ?? `https://bedrock-runtime.${region}.amazonaws.com`);
  const modelPath = `${base}/model/${encodeURIComponent(options.model)}`;
  const jsonHeaders = { ...options.headers, accept: 'application/json' };
  const streamHeaders = { ...options.headers, accept: 'application/vnd.amazon.eventstream' };
  const turns = new WeakMap<Message, TurnJson | null>();
  const adapter: VendorAdapter = {
    request(request: ModelRequest, stream: boolean): HttpRequest {
      const body: Record<string, unknown> = { ...vendorOptions(request, ['bedrock', id]) };
      delete body.messages;
      const system = converseSystem(request.messages);
      if (system.length > 0) body.system = system;
      const toolConfig = converseToolConfig(request);
      if (toolConfig) body.toolConfig = toolConfig;
      const inference: Record<string, unknown> = { ...(body.inferenceConfig as JsonObject | undefined) };
      const maxTokens = request.maxOutputTokens ?? options.defaultMaxTokens;
      if (maxTokens !== undefined) inference.maxTokens = maxTokens;
      if (request.temperature !== undefined) inference.temperature = Math.min(1, request.temperature);
      if (Object.keys(inference).length > 0) body.inferenceConfig = inference;
      const extra: Record<string, unknown> = { ...options.additionalModelRequestFields, ...(body.additionalModelRequestFields as JsonObject | undefined) };
      if (options.thinking && extra.thinking === undefined) extra.thinking = { type: 'enabled', budget_tokens: options.thinking.budgetTokens };
      if (Object.keys(extra).length > 0) body.additionalModelRequestFields = extra;
      const json = withJsonFields(JSON.stringify(body), [['messages', converseMessagesJson(request.messages, turns)]]);
      const out: HttpRequest = { url: `${modelPath}/${stream ? 'converse-stream' : 'converse'}`, headers: stream ? streamHeaders : jsonHeaders, json, authorize };
      if (stream) out.decoder = () => new EventStreamDecoder(id, deps.createCodec());
      return out;
    },
    parse: (body) => parseConverseResponse(id, body),
    streamReader: () => new ConverseStreamReader(id),
  };
  const init: Parameters<typeof createHttpProvider>[0] = {
    id,
    model: options.model,
    adapter,
    transport: buildTransport(id, options),
    prices: pricesOf(options),
    priceProvider: id,
    wire: 'bedrock',
    parameters: options.parameters,
    defaultMaxTokens: options.defaultMaxTokens,
  };
  if (options.contextWindow !== undefined) init.contextWindow = options.contextWindow;
  return createHttpProvider(init);
}
