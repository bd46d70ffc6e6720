import { configError } from '../errors/coded-errors.js';
import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { strictOptions } from '@warden/protocol/checks';
import type { OptionKeys } from '@warden/protocol';
import type { GoogleTokenFunction } from './vertex-gemini.js';

/** The fields of a Google service-account key file (`"type": "service_account"`) this uses. */
export interface ServiceAccountKey {
  type?: string;
  client_email: string;
  private_key: string;
  private_key_id?: string;
  project_id?: string;
  /** Default `https://oauth2.googleapis.com/token`. */
  token_uri?: string;
}

export interface ServiceAccountTokenOptions {
  /** Default `https://www.googleapis.com/auth/cloud-platform`. */
  scopes?: readonly string[];
  /** Refresh this long before the token expires (default 5 minutes). */
  refreshBeforeMs?: number;
  /** The clock, in ms (tests inject one). */
  now?: () => number;
  /** The HTTP client (default the global `fetch`). */
  fetch?: typeof fetch;
}

const DEFAULT_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const LIFETIME_S = 3600;

const base64url = (value: string | Buffer): string => Buffer.from(value).toString('base64url');

/** Reads and checks a key file (`GOOGLE_APPLICATION_CREDENTIALS`). Its contents never appear in an error. */
export function readServiceAccountKey(file: string): ServiceAccountKey {
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccountKey>;
  } catch {
    throw configError({ code: 'config.invalid', message: `the Google credentials file ${file} cannot be read as JSON`, hint: 'GOOGLE_APPLICATION_CREDENTIALS names a service-account key file (JSON).' });
  }
  return checkKey(key, file);
}

function checkKey(key: Partial<ServiceAccountKey>, where: string): ServiceAccountKey {
  if (key.type !== undefined && key.type !== 'service_account') {
    throw configError({ code: 'config.invalid', message: `${where} is a "${String(key.type)}" credential, not a service-account key`, hint: 'Use a service-account key file, or pass a token function (user credentials are not read here).' });
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw configError({ code: 'config.invalid', message: `${where} has no client_email and private_key`, hint: 'Download a JSON key for the service account.' });
  }
  const uri = key.token_uri ?? DEFAULT_TOKEN_URI;
  const url = new URL(uri);
  const loopback = url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) {
    throw configError({ code: 'config.invalid', message: `${where}: token_uri ${url.origin} is not https`, hint: 'The signed assertion is only sent over https (or to this machine).' });
  }
  return key as ServiceAccountKey;
}

/** The RS256-signed JWT assertion for the OAuth 2.0 JWT-bearer grant (RFC 7523). */
export function signServiceAccountJwt(key: ServiceAccountKey, scopes: readonly string[], nowSeconds: number): string {
  const header = { alg: 'RS256', typ: 'JWT', ...(key.private_key_id ? { kid: key.private_key_id } : {}) };
  const claims = { iss: key.client_email, scope: scopes.join(' '), aud: key.token_uri ?? DEFAULT_TOKEN_URI, iat: nowSeconds, exp: nowSeconds + LIFETIME_S };
  const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(input).sign(key.private_key);
  return `${input}.${base64url(signature)}`;
}

/**
 * A token function from a service-account key: signs a JWT with node:crypto (RS256), exchanges it
 * at the key's `token_uri`, caches the access token and fetches a new one `refreshBeforeMs` before
 * it expires. Concurrent callers share one exchange. A refused exchange throws (the transport makes
 * it `provider.auth`) with Google's error code, never the assertion or the key.
 */
const TOKEN_KEYS = { scopes: true, refreshBeforeMs: true, now: true, fetch: true } satisfies OptionKeys<ServiceAccountTokenOptions>;

export function serviceAccountToken(source: ServiceAccountKey | string, options: ServiceAccountTokenOptions = {}): GoogleTokenFunction {
  strictOptions('serviceAccountToken', TOKEN_KEYS, options);
  const key = typeof source === 'string' ? readServiceAccountKey(source) : checkKey(source, 'the service-account key');
  const scopes = options.scopes ?? ['https://www.googleapis.com/auth/cloud-platform'];
  const now = options.now ?? Date.now;
  const refreshBeforeMs = options.refreshBeforeMs ?? 5 * 60_000;
  const http = options.fetch ?? fetch;
  let cached: { token: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;
  const exchange = async (): Promise<string> => {
    const issuedAt = now();
    const assertion = signServiceAccountJwt(key, scopes, Math.floor(issuedAt / 1000));
    const response = await http(key.token_uri ?? DEFAULT_TOKEN_URI, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }).toString(),
    });
    const body = (await response.json().catch(() => ({}))) as { access_token?: unknown; expires_in?: unknown; error?: unknown };
    if (!response.ok || typeof body.access_token !== 'string') {
      const code = typeof body.error === 'string' ? body.error.replace(/[^\w.-]/g, '').slice(0, 60) : 'no access_token';
      throw new Error(`the Google token endpoint refused the service account ${key.client_email} (${response.status} ${code})`);
    }
    const lifetime = typeof body.expires_in === 'number' && body.expires_in > 0 ? body.expires_in : LIFETIME_S;
    cached = { token: body.access_token, expiresAt: issuedAt + lifetime * 1000 };
    return body.access_token;
  };
  return () => {
    if (cached && now() < cached.expiresAt - refreshBeforeMs) return cached.token;
    pending ??= exchange().finally(() => {
      pending = undefined;
    });
    return pending;
  };
}
