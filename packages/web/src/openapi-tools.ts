import { INTERFACE_VERSIONS, type JsonObject, type OptionKeys, type ToolOutput, type ToolV1 } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import { addressPolicy } from './address-policy.js';
import { webError } from './coded-errors.js';
import { guardedRequest, type GuardedResponse } from './guarded-http.js';
import { applyAuth, staticSecrets, type OpenApiAuth } from './openapi-auth.js';
import { loadOpenApi, type OpenApiDocument } from './openapi-load.js';
import { readOperations, type Operation, type SkippedOperation } from './openapi-operations.js';
import { buildRequest } from './openapi-request.js';
import { scrubSecrets } from './scrub-secrets.js';
import { UNTRUSTED_NOTE, webAnnotations } from './tool-effects.js';

export interface OpenApiToolsOptions {
  /** The operator's credentials (never the model's). */
  auth?: OpenApiAuth;
  /** Only these operations (tool names or operationIds) / never these. */
  include?: readonly string[];
  exclude?: readonly string[];
  /** Only operations with one of these tags / these methods (`GET`, `POST`, …). */
  tags?: readonly string[];
  methods?: readonly string[];
  /** Prefix of every tool name (`pets_`). */
  prefix?: string;
  /** Overrides the document's server URL. Calls go to this origin only. */
  baseUrl?: string;
  /** Fixed headers and query parameters on every request, not offered to the model. */
  headers?: Record<string, string>;
  query?: Record<string, string>;
  /** Operations other than GET/HEAD: `ask` (default) at least asks, `allow` follows the policy, `deny` never runs. */
  writes?: 'ask' | 'allow' | 'deny';
  /** Reads retried on 429/502/503/504 and dropped connections (default 2); writes never. */
  retries?: number;
  backoffMs?: number;
  timeoutMs?: number;
  maxBytes?: number;
  /** Largest answer handed back (default 20,000 characters). */
  maxChars?: number;
}

export interface OpenApiToolset {
  tools: ToolV1[];
  /**
   * The names of the read tools (GET/HEAD). Name them in the run's scope (`scope.tools`) so reads of
   * this API follow the mode after untrusted content; writes still need a person then.
   */
  reads: string[];
  /** What could not become a tool, and why. */
  skipped: SkippedOperation[];
  title: string;
  version: string;
  baseUrl: string;
}

const KEYS = {
  auth: true, include: true, exclude: true, tags: true, methods: true, prefix: true, baseUrl: true, headers: true, query: true,
  writes: true, retries: true, backoffMs: true, timeoutMs: true, maxBytes: true, maxChars: true,
} satisfies OptionKeys<OpenApiToolsOptions>;

const RETRY_STATUS = new Set([429, 502, 503, 504]);

function serverUrl(document: OpenApiDocument, source: string): string | undefined {
  if (document.swagger === '2.0') {
    if (typeof document.host !== 'string') return undefined;
    const scheme = Array.isArray(document.schemes) && typeof document.schemes[0] === 'string' ? document.schemes[0] : 'https';
    return `${scheme}://${document.host}${typeof document.basePath === 'string' ? document.basePath : ''}`;
  }
  const first = Array.isArray(document.servers) ? (document.servers[0] as { url?: unknown; variables?: Record<string, { default?: unknown }> } | undefined) : undefined;
  if (typeof first?.url !== 'string') return undefined;
  let url = first.url;
  for (const [name, variable] of Object.entries(first.variables ?? {})) url = url.split(`{${name}}`).join(String(variable.default ?? ''));
  // A relative server URL is relative to where the document came from.
  try {
    return new URL(url, /^https?:/.test(source) ? source : undefined).toString().replace(/\/+$/, '');
  } catch {
    return undefined;
  }
}

function message(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    for (const key of ['message', 'error_description', 'detail', 'error', 'title']) {
      const value = parsed[key];
      if (typeof value === 'string') return value;
      if (typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string') return (value as { message: string }).message;
    }
  } catch {
    // not JSON
  }
  return body.replace(/\s+/g, ' ').trim();
}

/**
 * Turns an OpenAPI 3.0/3.1 or Swagger 2.0 document (object, file or URL) into one tool per
 * operation. Arguments go where the document says; credentials come from `auth` and never reach
 * a schema, a result or an error; calls go only to the document's (or `baseUrl`'s) origin, and
 * redirects are not followed. GET/HEAD tools are read-only; the others are effects that leave.
 */
export async function openapiTools(spec: string | OpenApiDocument, options: OpenApiToolsOptions = {}): Promise<OpenApiToolset> {
  const o = strictOptions('openapiTools', KEYS, options);
  const { document, source } = await loadOpenApi(spec, o.timeoutMs !== undefined ? { timeoutMs: o.timeoutMs } : {});
  const base = o.baseUrl ?? serverUrl(document, source);
  if (base === undefined) throw webError('web.openapi_invalid', `${source} names no server URL`, 'Pass baseUrl.');
  const origin = new URL(base).origin;
  const policy = addressPolicy({ allowHosts: [origin] });
  const info = (document.info ?? {}) as { title?: unknown; version?: unknown };
  const title = typeof info.title === 'string' ? info.title : 'api';
  const apiTag = title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'api';
  const secrets = new Set(staticSecrets(o.auth));
  const scrub = (text: string): string => scrubSecrets(text, [...secrets]);
  const read = readOperations(document, o.prefix !== undefined ? { prefix: o.prefix } : {});
  const skipped = [...read.skipped];
  const pick = (op: Operation): boolean => {
    const id = op.toolName;
    if (o.include && !o.include.some((n) => n === id || `${o.prefix ?? ''}${n}` === id)) return false;
    if (o.exclude?.some((n) => n === id || `${o.prefix ?? ''}${n}` === id)) return false;
    if (o.tags && !op.tags.some((t) => o.tags!.includes(t))) return false;
    if (o.methods && !o.methods.map((m) => m.toUpperCase()).includes(op.method)) return false;
    return true;
  };

  async function call(op: Operation, args: JsonObject, signal: AbortSignal): Promise<ToolOutput> {
    const request = buildRequest(base!, op, args);
    if (request.url.origin !== origin) throw webError('web.openapi_call_failed', `${op.toolName} would leave ${origin}`);
    for (const [k, v] of Object.entries(o.query ?? {})) request.url.searchParams.set(k, v);
    Object.assign(request.headers, Object.fromEntries(Object.entries(o.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v])));
    for (const used of await applyAuth(document, op.security, o.auth, request)) {
      secrets.add(used);
      // A token function makes a new value per call: keep the newest ones, bounded.
      if (secrets.size > 64) secrets.delete(secrets.values().next().value as string);
    }
    request.headers.accept ??= 'application/json, text/plain;q=0.9, */*;q=0.5';
    const isRead = op.method === 'GET' || op.method === 'HEAD';
    const retries = isRead ? (o.retries ?? 2) : 0;
    let response: GuardedResponse | undefined;
    for (let attempt = 0; ; attempt += 1) {
      try {
        response = await guardedRequest(policy, {
          url: request.url.toString(),
          method: op.method,
          headers: request.headers,
          ...(request.body !== undefined ? { body: request.body } : {}),
          redirect: 'manual',
          timeoutMs: o.timeoutMs ?? 30_000,
          maxBytes: o.maxBytes ?? 5 * 1024 * 1024,
          signal,
        });
        if (!RETRY_STATUS.has(response.status) || attempt >= retries) break;
        const after = Number(response.headers['retry-after']);
        await new Promise((r) => setTimeout(r, Math.min(10_000, Number.isFinite(after) && after > 0 ? after * 1000 : (o.backoffMs ?? 200) * 2 ** attempt)));
      } catch (error) {
        // Dropped connections retry for reads; a refusal, a timeout or a size limit do not.
        const code = (error as { code?: string }).code;
        if (code !== 'web.fetch_failed' || attempt >= retries || signal.aborted) throw webError(code === 'web.timeout' ? 'web.timeout' : 'web.openapi_call_failed', scrub(`${op.toolName}: ${(error as Error).message}`));
        await new Promise((r) => setTimeout(r, (o.backoffMs ?? 200) * 2 ** attempt));
      }
    }
    const text = response.body.toString('utf8');
    const maxChars = o.maxChars ?? 20_000;
    if (response.status >= 300 && response.status < 400) return { content: scrub(`${op.toolName}: HTTP ${response.status} redirect to ${response.headers.location ?? '(none)'} not followed`), isError: true };
    if (response.status >= 400) return { content: scrub(`${op.toolName}: HTTP ${response.status}${text ? `: ${message(text).slice(0, 500)}` : ''}`), isError: true };
    let shown = text;
    try {
      shown = JSON.stringify(JSON.parse(text), null, 2);
    } catch {
      // not JSON: as it came
    }
    if (shown.length > maxChars) shown = `${shown.slice(0, maxChars)}\n[cut at ${maxChars} characters]`;
    return scrub(`${UNTRUSTED_NOTE}\nHTTP ${response.status}\n${shown || '(empty body)'}`);
  }

  const tools: ToolV1[] = [];
  for (const op of read.operations) {
    if (!pick(op)) continue;
    const isRead = op.method === 'GET' || op.method === 'HEAD';
    const effect = op.method === 'DELETE' ? 'destructive' : 'egress';
    const annotations = webAnnotations(effect, { readOnly: isRead, tags: ['openapi', apiTag, isRead ? 'read' : 'write'] });
    if (op.method === 'DELETE') annotations.destructive = true;
    tools.push({
      specificationVersion: INTERFACE_VERSIONS.tool,
      name: op.toolName,
      description: `${title}: ${op.summary}`,
      inputSchema: op.inputSchema,
      annotations,
      ...(!isRead && (o.writes ?? 'ask') !== 'allow' ? { permission: o.writes === 'deny' ? ('deny' as const) : ('ask' as const) } : {}),
      timeoutMs: (o.timeoutMs ?? 30_000) * 3,
      execute: (args, ctx) => call(op, args, ctx.signal),
    });
  }
  return { tools, reads: tools.filter((t) => t.annotations?.readOnly === true).map((t) => t.name), skipped, title, version: typeof info.version === 'string' ? info.version : '', baseUrl: base };
}
