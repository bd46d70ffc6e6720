import { cloudPlatformEnv } from './cloud-platform-env.js';
import { envPrefix, PROVIDER_CATALOG } from './provider-catalog.js';
import { keyFromEnv, modelFromEnv, type Env } from './resolve-provider.js';

/** Whether a provider can be used, and which variables matter — never their values. */
export interface ProviderDescription {
  id: string;
  label: string;
  local: boolean;
  configured: boolean;
  /** Every variable this provider reads. */
  reads: string[];
  /** Variables that must be set before it can be used. */
  missing: string[];
  /** The name of the variable the key would come from, if any is set. */
  keyFrom?: string;
}

/**
 * Describes every known provider against an environment. For a local server
 * "configured" means it needs nothing more; whether it is running is not checked.
 */
export function describeProviders(env: Env = {}): ProviderDescription[] {
  return PROVIDER_CATALOG.map((info) => {
    const prefix = envPrefix(info.id);
    const platform = cloudPlatformEnv(info.api, env);
    const reads = platform ? [...platform.reads] : [...info.keyVars];
    if (!info.local && !platform) reads.push('WARDEN_API_KEY');
    reads.push(`${prefix}_MODEL`, `${prefix}_BASE_URL`, 'WARDEN_MODEL');
    const missing: string[] = platform ? [...platform.missing] : [];
    const key = platform ? (platform.keyFrom ? { variable: platform.keyFrom } : {}) : keyFromEnv(info, env);
    if (!platform && info.keyRequired && !key.variable) missing.push(info.keyVars[0] ?? 'WARDEN_API_KEY');
    if (!modelFromEnv(info, env)) missing.push(`${prefix}_MODEL`);
    const description: ProviderDescription = { id: info.id, label: info.label, local: info.local, configured: missing.length === 0, reads: [...new Set(reads)], missing };
    if (key.variable) description.keyFrom = key.variable;
    return description;
  });
}
