import { azureOpenAI } from '../azure/azure-openai.js';
import { awsProfileCredentials, awsProfileNow } from '../bedrock/aws-profile.js';
import { bedrock } from '../bedrock/bedrock.js';
import type { PriceTable } from '../pricing/price-table.js';
import type { HttpProvider } from '../shared/http-provider.js';
import type { TransportOptions } from '../transport/http-transport.js';
import { readServiceAccountKey, serviceAccountToken, type ServiceAccountKey } from '../vertex/service-account.js';
import { vertexAnthropic } from '../vertex/vertex-anthropic.js';
import { vertexGemini } from '../vertex/vertex-gemini.js';

/** The platforms whose settings are more than a key, a model and a base URL. */
export type CloudApi = 'openai-responses' | 'azure-openai' | 'bedrock' | 'vertex-gemini' | 'vertex-anthropic';

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
const AZURE_TOKEN = 'AZURE_OPENAI_AD_TOKEN';

/**
 * Azure OpenAI: the key (`AZURE_OPENAI_API_KEY`, else `WARDEN_API_KEY`) or an Entra ID token
 * (`AZURE_OPENAI_AD_TOKEN`, re-read from `env` for every attempt — never both), the endpoint
 * (`AZURE_OPENAI_ENDPOINT`, a URL, or `AZURE_OPENAI_RESOURCE`, the resource name),
 * `AZURE_OPENAI_API_VERSION`; the model is the deployment name.
 */
function azureEnv(env: Env, explicit: { apiKey?: string; baseURL?: string }): PlatformEnv {
  const ownKey = explicit.apiKey ? { name: 'apiKey', value: explicit.apiKey } : first(env, ['AZURE_OPENAI_API_KEY']);
  const token = set(env, AZURE_TOKEN);
  // An Entra ID token wins over the shared WARDEN_API_KEY; with Azure's own key as well it is a conflict.
  const key = ownKey ?? (token ? undefined : first(env, ['WARDEN_API_KEY']));
  const endpoint = explicit.baseURL ?? set(env, 'AZURE_OPENAI_BASE_URL') ?? set(env, 'AZURE_OPENAI_ENDPOINT');
  const resource = set(env, 'AZURE_OPENAI_RESOURCE');
  const apiVersion = set(env, 'AZURE_OPENAI_API_VERSION');
  const missing: string[] = [];
  const missingAlternatives: string[] = [];
  if (!key && !token) {
    missing.push('AZURE_OPENAI_API_KEY');
    missingAlternatives.push('AZURE_OPENAI_API_KEY (or AZURE_OPENAI_AD_TOKEN, or WARDEN_API_KEY)');
  }
  if (key && token) {
    missing.push(`only one of ${key.name} and ${AZURE_TOKEN}`);
    missingAlternatives.push(`only one of ${key.name} and ${AZURE_TOKEN} (unset one)`);
  }
  if (!endpoint && !resource) {
    missing.push('AZURE_OPENAI_ENDPOINT');
    missingAlternatives.push('AZURE_OPENAI_ENDPOINT (or AZURE_OPENAI_RESOURCE)');
  }
  if (!apiVersion) {
    missing.push('AZURE_OPENAI_API_VERSION');
    missingAlternatives.push('AZURE_OPENAI_API_VERSION');
  }
  const credential = key
    ? { apiKey: key.value }
    : {
        // Read again for every attempt, so a token the process renews in `env` is picked up.
        token: () => {
          const current = set(env, AZURE_TOKEN);
          if (!current) throw new Error(`${AZURE_TOKEN} is no longer set`);
          return current;
        },
      };
  const out: PlatformEnv = {
    reads: [...AZURE_KEY, AZURE_TOKEN, 'AZURE_OPENAI_ENDPOINT', 'AZURE_OPENAI_RESOURCE', 'AZURE_OPENAI_API_VERSION'],
    missing,
    missingAlternatives,
    hint: 'AZURE_OPENAI_ENDPOINT is https://{resource}.openai.azure.com (or an AI Foundry endpoint); AZURE_OPENAI_API_VERSION is e.g. 2024-10-21; the model is the deployment name. An Entra ID token (az account get-access-token --resource https://cognitiveservices.azure.com) goes in AZURE_OPENAI_AD_TOKEN, never with an api-key.',
    build: (common) =>
      azureOpenAI({
        id: common.id,
        deployment: common.model,
        apiVersion: apiVersion!,
        ...credential,
        ...(endpoint ? { baseURL: endpoint } : { resource: resource! }),
        ...shared(common),
      }),
  };
  if (key) out.keyFrom = key.name;
  else if (token) out.keyFrom = AZURE_TOKEN;
  return out;
}

/**
 * Amazon Bedrock: `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_SESSION_TOKEN` (for
 * temporary credentials), else a profile from the shared files (`AWS_PROFILE`, default `default`;
 * `AWS_SHARED_CREDENTIALS_FILE`, `AWS_CONFIG_FILE`, else under `HOME/.aws`) — with `AWS_PROFILE`
 * set the profile wins, as in the AWS SDKs. Region: `AWS_REGION`, `AWS_DEFAULT_REGION`, else the
 * profile's `region`.
 */
function bedrockEnv(env: Env): PlatformEnv {
  const profileNamed = set(env, 'AWS_PROFILE');
  const accessKeyId = set(env, 'AWS_ACCESS_KEY_ID');
  const secretAccessKey = set(env, 'AWS_SECRET_ACCESS_KEY');
  const sessionToken = set(env, 'AWS_SESSION_TOKEN');
  const fromVariables = !profileNamed && accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) } : undefined;
  const profile = fromVariables ? undefined : awsProfileNow(env);
  const regionVar = first(env, ['AWS_REGION', 'AWS_DEFAULT_REGION']);
  const region = regionVar?.value ?? profile?.region;
  const missing: string[] = [];
  const missingAlternatives: string[] = [];
  if (!fromVariables && !profile?.credentials) {
    if (profileNamed) {
      missing.push('AWS_PROFILE');
      missingAlternatives.push(`credentials for AWS_PROFILE (${profile?.problem ?? 'none'})`);
    } else {
      for (const name of ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const) {
        if (!set(env, name)) {
          missing.push(name);
          missingAlternatives.push(`${name} (or AWS_PROFILE)`);
        }
      }
    }
  }
  if (!region) {
    missing.push('AWS_REGION');
    missingAlternatives.push('AWS_REGION (or AWS_DEFAULT_REGION)');
  }
  const out: PlatformEnv = {
    reads: ['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_PROFILE', 'AWS_SHARED_CREDENTIALS_FILE', 'AWS_CONFIG_FILE', 'AWS_REGION', 'AWS_DEFAULT_REGION'],
    missing,
    missingAlternatives,
    hint: profileNamed
      ? 'Profiles with static keys (and aws_session_token) are read from the shared files; role, SSO and credential_process profiles are not: export their credentials with `eval "$(aws configure export-credentials --format env)"`.'
      : 'Temporary credentials also need AWS_SESSION_TOKEN; `aws configure export-credentials --format env` prints all three. Or name a profile with AWS_PROFILE.',
    build: (common) =>
      bedrock({
        id: common.id,
        model: common.model,
        region: region!,
        // A profile is read again for every attempt: keys rotated on disk are picked up.
        credentials: fromVariables ?? awsProfileCredentials(env),
        env: {},
        ...(common.baseURL ? { baseURL: common.baseURL } : {}),
        ...shared(common),
      }),
  };
  if (fromVariables) out.keyFrom = 'AWS_ACCESS_KEY_ID';
  else if (profile?.credentials) out.keyFrom = 'AWS_PROFILE';
  return out;
}

const VERTEX_TOKEN = ['VERTEX_ACCESS_TOKEN', 'GOOGLE_OAUTH_ACCESS_TOKEN'] as const;
const SERVICE_ACCOUNT = 'GOOGLE_APPLICATION_CREDENTIALS';

/**
 * Gemini or Claude on Vertex AI: `GOOGLE_CLOUD_PROJECT` (else the key file's `project_id`),
 * `GOOGLE_CLOUD_LOCATION` and an access token in `VERTEX_ACCESS_TOKEN` (else
 * `GOOGLE_OAUTH_ACCESS_TOKEN`; used as it is), else a service-account key file in
 * `GOOGLE_APPLICATION_CREDENTIALS`, whose tokens are fetched, cached and refreshed before expiry.
 */
function vertexEnv(env: Env, api: 'vertex-gemini' | 'vertex-anthropic'): PlatformEnv {
  const token = first(env, VERTEX_TOKEN);
  const keyFile = token ? undefined : set(env, SERVICE_ACCOUNT);
  let key: ServiceAccountKey | undefined;
  let keyProblem: string | undefined;
  if (keyFile) {
    try {
      key = readServiceAccountKey(keyFile);
    } catch (error) {
      keyProblem = error instanceof Error ? error.message : 'unreadable';
    }
  }
  const project = set(env, 'GOOGLE_CLOUD_PROJECT') ?? key?.project_id;
  const location = set(env, 'GOOGLE_CLOUD_LOCATION');
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
  if (!token && !key) {
    missing.push(keyProblem ? SERVICE_ACCOUNT : 'VERTEX_ACCESS_TOKEN');
    missingAlternatives.push(keyProblem ? `a usable ${SERVICE_ACCOUNT} (${keyProblem})` : `VERTEX_ACCESS_TOKEN (or GOOGLE_OAUTH_ACCESS_TOKEN, or ${SERVICE_ACCOUNT})`);
  }
  const out: PlatformEnv = {
    reads: ['GOOGLE_CLOUD_PROJECT', 'GOOGLE_CLOUD_LOCATION', ...VERTEX_TOKEN, SERVICE_ACCOUNT],
    missing,
    missingAlternatives,
    hint: 'GOOGLE_CLOUD_LOCATION is a region such as us-central1, or global. GOOGLE_APPLICATION_CREDENTIALS names a service-account key file (tokens refreshed before expiry); a token from `gcloud auth print-access-token` in VERTEX_ACCESS_TOKEN lasts about an hour and is not refreshed.',
    build: (common) => {
      const value = token?.value;
      const tokenFn = value ? () => value : serviceAccountToken(key!);
      const options = { id: common.id, model: common.model, project: project!, location: location!, token: tokenFn, ...(common.baseURL ? { baseURL: common.baseURL } : {}), ...shared(common) };
      return api === 'vertex-anthropic' ? vertexAnthropic(options) : vertexGemini(options);
    },
  };
  if (token) out.keyFrom = token.name;
  else if (key) out.keyFrom = SERVICE_ACCOUNT;
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
    case 'vertex-anthropic':
      return vertexEnv(env, api);
    default:
      return undefined;
  }
}
