import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { AwsCredentials } from './aws-deps.js';
import type { AwsEnv } from './credentials.js';

/** `[section]` → key → value, as the AWS CLI writes its files (comments `#`/`;`, `key = value`). */
export function parseIni(text: string): Map<string, Map<string, string>> {
  const sections = new Map<string, Map<string, string>>();
  let current: Map<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith(';')) continue;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      current = new Map();
      sections.set(header[1]!.replace(/\s+/g, ' '), current);
      continue;
    }
    const eq = line.indexOf('=');
    // Indented lines continue a nested setting (`s3 =` blocks): not credentials, skipped.
    if (!current || eq <= 0 || /^\s/.test(raw)) continue;
    current.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
  }
  return sections;
}

/** Where a profile's files are: `AWS_SHARED_CREDENTIALS_FILE`, `AWS_CONFIG_FILE`, else under `HOME/.aws` (from `env` only). */
export function awsProfileFiles(env: AwsEnv): { profile: string; explicit: boolean; credentialsFile?: string; configFile?: string } {
  const home = env.HOME || env.USERPROFILE;
  const credentialsFile = env.AWS_SHARED_CREDENTIALS_FILE || (home ? path.join(home, '.aws', 'credentials') : undefined);
  const configFile = env.AWS_CONFIG_FILE || (home ? path.join(home, '.aws', 'config') : undefined);
  const explicit = Boolean(env.AWS_PROFILE);
  return { profile: env.AWS_PROFILE || 'default', explicit, ...(credentialsFile ? { credentialsFile } : {}), ...(configFile ? { configFile } : {}) };
}

export interface AwsProfile {
  profile: string;
  credentials?: AwsCredentials;
  region?: string;
  /** Why the profile gives no static credentials (missing, or a role, SSO or process profile). */
  problem?: string;
}

/** Reads one profile: keys from the credentials file, then the config file (`[profile NAME]`, or `[default]`); the region from the config file. */
export function readAwsProfile(files: ReturnType<typeof awsProfileFiles>, read: (file: string) => string | undefined): AwsProfile {
  const { profile } = files;
  const creds = files.credentialsFile ? parseIni(read(files.credentialsFile) ?? '').get(profile) : undefined;
  const config = files.configFile ? parseIni(read(files.configFile) ?? '').get(profile === 'default' ? 'default' : `profile ${profile}`) : undefined;
  const pick = (key: string): string | undefined => creds?.get(key) || config?.get(key) || undefined;
  const out: AwsProfile = { profile };
  const region = config?.get('region');
  if (region) out.region = region;
  const accessKeyId = pick('aws_access_key_id');
  const secretAccessKey = pick('aws_secret_access_key');
  if (accessKeyId && secretAccessKey) {
    const sessionToken = pick('aws_session_token');
    out.credentials = { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
    return out;
  }
  const kind = ['role_arn', 'sso_session', 'sso_start_url', 'credential_process', 'web_identity_token_file'].find((key) => pick(key));
  if (kind) out.problem = `profile "${profile}" uses ${kind}, which is not read here`;
  else if (!creds && !config) out.problem = `profile "${profile}" is not in ${[files.credentialsFile, files.configFile].filter(Boolean).join(' or ') || 'any file (HOME is not set)'}`;
  else out.problem = `profile "${profile}" has no aws_access_key_id and aws_secret_access_key`;
  return out;
}

const readSync = (file: string): string | undefined => (existsSync(file) ? readFileSync(file, 'utf8') : undefined);

/** The profile as it is now on disk (for selection and `describeProviders`). */
export function awsProfileNow(env: AwsEnv): AwsProfile {
  return readAwsProfile(awsProfileFiles(env), readSync);
}

/**
 * Credentials that re-read the profile's files for every attempt, so keys rotated or a session
 * token refreshed on disk (by `aws sts`, `aws configure`) are used by the next request.
 */
export function awsProfileCredentials(env: AwsEnv): () => Promise<AwsCredentials> {
  const files = awsProfileFiles(env);
  return async () => {
    const texts = new Map<string, string | undefined>();
    for (const file of [files.credentialsFile, files.configFile]) {
      if (file) texts.set(file, await readFile(file, 'utf8').catch(() => undefined));
    }
    const profile = readAwsProfile(files, (file) => texts.get(file));
    if (!profile.credentials) throw new Error(profile.problem ?? `profile "${files.profile}" has no credentials`);
    return profile.credentials;
  };
}
