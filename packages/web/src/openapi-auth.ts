import type { OpenApiDocument } from './openapi-load.js';
import type { BuiltRequest } from './openapi-request.js';

/** A credential value, or a function called for every request (a token that rotates). */
export type CredentialValue = string | (() => string | Promise<string>);

/**
 * The operator's credentials. They are applied per the document's security schemes and are never in
 * a schema, an event, a session record or an error: every text the tools hand back is scrubbed of them.
 */
export interface OpenApiAuth {
  /** For `http: bearer`, OAuth 2 and OpenID Connect schemes (or alone, when the document declares none). */
  bearer?: CredentialValue;
  /** For `apiKey` schemes (header, query or cookie, as the document says). */
  apiKey?: CredentialValue;
  /** For `http: basic` (Swagger `basic`). */
  basic?: { username: string; password: CredentialValue };
  /** Per scheme name, when a document has several. */
  schemes?: Record<string, CredentialValue | { username: string; password: CredentialValue }>;
}

type Obj = Record<string, unknown>;
const obj = (v: unknown): Obj => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Obj) : {});

async function valueOf(credential: CredentialValue): Promise<string> {
  return typeof credential === 'function' ? credential() : credential;
}

/** The static secrets to scrub from every text (function-made ones are added as they are made). */
export function staticSecrets(auth: OpenApiAuth | undefined): string[] {
  const out: string[] = [];
  const add = (c: unknown): void => {
    if (typeof c === 'string') out.push(c);
    else if (typeof c === 'object' && c !== null) add((c as { password?: unknown }).password);
  };
  if (!auth) return out;
  add(auth.bearer);
  add(auth.apiKey);
  add(auth.basic);
  for (const c of Object.values(auth.schemes ?? {})) add(c);
  return out;
}

function credentialFor(auth: OpenApiAuth, name: string, scheme: Obj): CredentialValue | { username: string; password: CredentialValue } | undefined {
  const named = auth.schemes?.[name];
  if (named !== undefined) return named;
  const type = String(scheme.type);
  const httpScheme = String(scheme.scheme ?? '').toLowerCase();
  if (type === 'apiKey') return auth.apiKey;
  if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) return auth.basic;
  if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') return auth.bearer;
  return undefined;
}

/**
 * Applies credentials for the first security alternative the operator can satisfy; returns the
 * secret values used (so they can be scrubbed). No document scheme and a `bearer` given: a bearer header.
 */
export async function applyAuth(document: OpenApiDocument, security: string[][], auth: OpenApiAuth | undefined, request: BuiltRequest): Promise<string[]> {
  if (!auth) return [];
  const schemes = { ...obj(obj(document.components).securitySchemes), ...obj(document.securityDefinitions) };
  const used: string[] = [];
  if (Object.keys(schemes).length === 0 || security.length === 0) {
    if (auth.bearer !== undefined && Object.keys(schemes).length === 0) {
      const token = await valueOf(auth.bearer);
      request.headers.authorization = `Bearer ${token}`;
      used.push(token);
    }
    return used;
  }
  for (const alternative of security) {
    const creds = alternative.map((name) => ({ name, scheme: obj(schemes[name]), credential: credentialFor(auth, name, obj(schemes[name])) }));
    if (creds.some((c) => c.credential === undefined)) continue;
    for (const { scheme, credential } of creds) {
      const type = String(scheme.type);
      if (typeof credential === 'object' && credential !== null) {
        const password = await valueOf(credential.password);
        request.headers.authorization = `Basic ${Buffer.from(`${credential.username}:${password}`).toString('base64')}`;
        used.push(password);
        continue;
      }
      const value = await valueOf(credential as CredentialValue);
      used.push(value);
      if (type === 'apiKey') {
        const where = String(scheme.in);
        const name = String(scheme.name);
        if (where === 'query') request.url.searchParams.set(name, value);
        else if (where === 'cookie') request.headers.cookie = `${name}=${encodeURIComponent(value)}`;
        else request.headers[name.toLowerCase()] = value;
      } else if (type === 'basic' || String(scheme.scheme).toLowerCase() === 'basic') {
        request.headers.authorization = `Basic ${Buffer.from(value).toString('base64')}`;
      } else {
        request.headers.authorization = `Bearer ${value}`;
      }
    }
    return used;
  }
  return used;
}
