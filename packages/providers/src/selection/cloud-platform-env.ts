import { azureOpenAI } from '../azure/azure-openai.js';
import { bedrock } from '../bedrock/bedrock.js';
import type { PriceTable } from '../pricing/price-table.js';
import type { HttpProvider } from '../shared/http-provider.js';
import type { TransportOptions } from '../transport/http-transport.js';
import { vertexGemini } from '../vertex/vertex-gemini.js';

/** The platforms whose settings are more than a key, a model and a base URL. */
export type CloudApi = 'openai-responses' | 'azure-openai' | 'bedrock' | 'vertex-gemini';

type Env = Readonly<Record<string, string | undefined>>;

/** What a platform needs from the environment: names only, never values. */
export interface PlatformEnv {
  /** Every variable it reads besides `<ID>_MODEL`, `<ID>_BASE_URL` and `WARDEN_MODEL`. */
  reads: string[];
  /** Settings that are not set, each as the variable to set first. */
  missing: string[];
  /** The same, spelled with every variable that would do (`AZURE_OPENAI_ENDPOINT (or AZURE_OPENAI_RESOURCE)`). */
  missingAlternatives: string[];
  /** Where the credential comes from, when it is set. */
  keyFrom?: string;
  /** Extra advice for the error when something is missing. */
  hint?: string;
  /** Builds the provider; only call it when nothing is missing. */
  build(common: PlatformCommon): HttpProvider;
}

export interface PlatformCommon {
  id: string;
  model: string;
  baseURL?: string;
  apiKey?: string;
  transport?: Omit<TransportOptions, 'provider'>;
  prices?: PriceTable;
}

const set = (env: Env, name: string): string | undefined => {
  const value = env[name];
  return value !== undefined && value.trim() !== '' ? value.trim() : undefined;
};

/** The first of `names` that is set, with its value. */
function first(env: Env, names: readonly string[]): { name: string; value: string } | undefined {
  for (const name of names) {
    const value = set(env, name);
    if (value) return { name, value };
  }
  return undefined;
}

function shared(common: PlatformCommon): Pick<PlatformCommon, 'transport' | 'prices'> {
  return { ...(common.transport ? { transport: common.transport } : {}), ...(common.prices ? { prices: common.prices } : {}) };
}

const AZURE_KEY = ['AZURE_OPENAI_API_KEY', 'WARDEN_API_KEY'] as const;

/**
 * Azure OpenAI: the key (`AZURE_OPENAI_API_KEY`, else `WARDEN_API_KEY`), the endpoint
 * (`AZURE_OPENAI_ENDPOINT`, a URL, or `AZURE_OPENAI_RESOURCE`, the resource name),
 * `AZURE_OPENAI_API_VERSION`; the model is the deployment name.
 */
function azureEnv(env: Env, explicit: { apiKey?: string; baseURL?: string }): PlatformEnv {
  const key = explicit.apiKey ? { name: 'apiKey', value: explicit.apiKey } : first(env, AZURE_KEY);
  const endpoint = explicit.baseURL ?? set(env, 'AZURE_OPENAI_BASE_URL') ?? set(env, 'AZURE_OPENAI_ENDPOINT');
  const resource = set(env, 'AZURE_OPENAI_RESOURCE');
  const apiVersion = set(env, 'AZURE_OPENAI_API_VERSION');
  const missing: string[] = [];
  const missingAlternatives: string[] = [];
  if (!key) {
    missing.push('AZURE_OPENAI_API_KEY');
    missingAlternatives.push('AZURE_OPENAI_API_KEY (or WARDEN_API_KEY)');
  }
  if (!endpoint && !resource) {
    missing.push('AZURE_OPENAI_ENDPOINT');
    missingAlternatives.push('AZURE_OPENAI_ENDPOINT (or AZURE_OPENAI_RESOURCE)');
  }
  if (!apiVersion) {
    missing.push('AZURE_OPENAI_API_VERSION');
    missingAlternatives.push('AZURE_OPENAI_API_VERSION');
  }
  const out: PlatformEnv = {
    reads: [...AZURE_KEY, 'AZURE_OPENAI_ENDPOINT', 'AZURE_OPENAI_RESOURCE', 'AZURE_OPENAI_API_VERSION'],
    missing,
    missingAlternatives,
    hint: 'AZURE_OPENAI_ENDPOINT is https://{resource}.openai.azure.com (or an AI Foundry endpoint); AZURE_OPENAI_API_VERSION is e.g. 2024-10-21; the model is the deployment name.',
    build: (common) =>
      azureOpenAI({
        id: common.id,
        deployment: common.model,
        apiVersion: apiVersion!,
        apiKey: key!.value,
        ...(endpoint ? { baseURL: endpoint } : { resource: resource! }),
        ...shared(common),
      }),
  };
  if (key) out.keyFrom = key.name;
  return out;
}

/**
 * Amazon Bedrock: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (for
 * temporary credentials) and `AWS_REGION` (else `AWS_DEFAULT_REGION`). Profile files are not read.
 */
function bedrockEnv(env: Env): PlatformEnv {
  const accessKeyId = set(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = set(env, 'AWS_SECRET_ACCESS_KEY');
  const sessionToken = set(env, 'AWS_SESSION_TOKEN');
  const region = first(env, ['AWS_REGION', 'AWS_DEFAULT_REGION']);
  const missing: string[] = [];
  const missingAlternatives: string[] = [];
  for (const [name, value] of [
    ['AWS_ACCESS_KEY_ID', accessKeyId],
    ['AWS_SECRET_ACCESS_KEY', secretAccessKey],
  ] as const) {
    if (!value) {
      missing.push(name);
      missingAlternatives.push(name);
    }
  }
  if (!region) {
    missing.push('AWS_REGION');
    missingAlternatives.push('AWS_REGION (or AWS_DEFAULT_REGION)');
  }
  const profile = set(env, 'AWS_PROFILE');
  const out: PlatformEnv = {
    reads: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_REGION', 'AWS_DEFAULT_REGION'],
    missing,
    missingAlternatives,
    hint: profile
      ? 'Profiles (AWS_PROFILE) are not read: export the profile\'s credentials with `eval "$(aws configure export-credentials --format env)"`.'
      : 'Temporary credentials also need AWS_SESSION_TOKEN; `aws configure export-credentials --format env` prints all three.',
    build: (common) =>
      bedrock({
        id: common.id,
        model: common.model,
        region: region!.value,
        credentials: { accessKeyId: accessKeyId!, secretAccessKey: secretAccessKey!, ...(sessionToken ? { sessionToken } : {}) },
        env: {},
        ...(common.baseURL ? { baseURL: common.baseURL } : {}),
        ...shared(common),
      }),
  };
  if (accessKeyId) out.keyFrom = 'AWS_ACCESS_KEY_ID';
  return out;
}

const VERTEX_TOKEN = ['VERTEX_ACCESS_TOKEN', 'GOOGLE_OAUTH_ACCESS_TOKEN'] as const;

/**
 * Gemini on Vertex AI: `GOOGLE_CLOUD_PROJECT`, `GOOGLE_CLOUD_LOCATION` and an access token in
 * `VERTEX_ACCESS_TOKEN` (else `GOOGLE_OAUTH_ACCESS_TOKEN`), e.g. from
 * `gcloud auth print-access-token`. A token from the environment is not refreshed (about an hour).
 */
function vertexEnv(env: Env): PlatformEnv {
  const project = set(env, 'GOOGLE_CLOUD_PROJECT');
  const location = set(env, 'GOOGLE_CLOUD_LOCATION');
  const token = first(env, VERTEX_TOKEN);
  const missing: string[] = [];
  const missingAlternatives: string[] = [];
  if (!project) {
    missing.push('GOOGLE_CLOUD_PROJECT');
    missingAlternatives.push('GOOGLE_CLOUD_PROJECT');
  }
  if (!location) {
    missing.push('GOOGLE_CLOUD_LOCATION');
    missingAlternatives.push('GOOGLE_CLOUD_LOCATION');
  }
  if (!token) {
    missing.push('VERTEX_ACCESS_TOKEN');
    missingAlternatives.push('VERTEX_ACCESS_TOKEN (or GOOGLE_OAUTH_ACCESS_TOKEN)');
  }
  const out: PlatformEnv = {
    reads: ['GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION', ...VERTEX_TOKEN],
    missing,
    missingAlternatives,
    hint: 'GOOGLE_CLOUD_LOCATION is a region such as us-central1, or global; get a token with `gcloud auth print-access-token` (it lasts about an hour and is not refreshed).',
    build: (common) => {
      const value = token!.value;
      return vertexGemini({
        id: common.id,
        model: common.model,
        project: project!,
        location: location!,
        token: () => value,
        ...(common.baseURL ? { baseURL: common.baseURL } : {}),
        ...shared(common),
      });
    },
  };
  if (token) out.keyFrom = token.name;
  return out;
}

/** The environment settings of a cloud platform; undefined for providers that need only a key. */
export function cloudPlatformEnv(api: string, env: Env, explicit: { apiKey?: string; baseURL?: string } = {}): PlatformEnv | undefined {
  switch (api) {
    case 'azure-openai':
      return azureEnv(env, explicit);
    case 'bedrock':
      return bedrockEnv(env);
    case 'vertex-gemini':
      return vertexEnv(env);
    default:
      return undefined;
  }
}
