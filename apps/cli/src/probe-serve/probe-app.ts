import type { Context } from 'hono';
import { Hono } from 'hono';
import { bearerAuth } from 'hono/bearer-auth';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { EvidenceError, listCases, newRunId, type PackInputItem } from '@warden/evidence';
import { parseRemoteTarget } from '@warden/evidence/probes';
import type { Redactor } from '@warden/evidence/report';
import { tokenVerifier } from './bearer-token.js';
import { checkedAddress, guardedFetch, TargetAddressRefused } from './target-egress.js';
import { RunRequest } from './run-request.js';
import type { RunSlots } from './run-slots.js';
import { isRunId, type RunStore } from './run-store.js';
import { streamRun } from './run-stream.js';
import { ProbeServeError, type ProbeServeErrorCode } from './serve-error.js';

export interface ProbeAppOptions {
  token: string;
  store: RunStore;
  slots: RunSlots;
  packs: readonly PackInputItem[];
  /** Selectors of a request that names none (the --pack packs); empty means a request must name some. */
  defaultSelectors: readonly string[];
  maxBodyBytes: number;
  redact: Redactor;
  shutdown: AbortSignal;
  /** Addresses a target may reach although they are loopback, private or metadata (`--allow-target`). */
  allowTargets: readonly string[];
}

type Status = 400 | 401 | 403 | 404 | 413 | 422 | 429 | 500 | 503;

/** The JSON answer of a refusal: `{ error: { name, code, message, hint? } }`. */
function answer(c: Context, status: Status, error: { toJSON(): unknown }): Response {
  return c.json({ error: error.toJSON() }, status);
}

function refuse(c: Context, status: Status, code: ProbeServeErrorCode, message: string, hint?: string): Response {
  return answer(c, status, new ProbeServeError({ code, message, ...(hint === undefined ? {} : { hint }) }));
}

/** The URLs a remote target will call (`url`, `cleanup_url`, `close_url`), as sent. */
function targetUrls(target: unknown): string[] {
  if (typeof target !== 'object' || target === null) return [];
  const record = target as Record<string, unknown>;
  return ['url', 'cleanup_url', 'close_url'].flatMap((key) => (typeof record[key] === 'string' ? [record[key]] : []));
}

/** A 401 as the bearer middleware throws it: JSON, with the challenge header. */
function unauthorized(message: string, challenge: string): () => Response {
  return () =>
    new Response(JSON.stringify({ error: new ProbeServeError({ code: 'probe_serve.unauthorized', message, hint: 'Send Authorization: Bearer <the token the server was started with>.' }).toJSON() }), {
      status: 401,
      headers: { 'content-type': 'application/json', 'www-authenticate': challenge },
    });
}

/**
 * The HTTP API of `warden probe serve` (Hono): `GET /health` (open), and behind a
 * bearer token `POST /runs` (a remote target and selectors in; NDJSON progress
 * out; the report stored) and `GET /runs/:id` (the stored report.json).
 */
export function createProbeApp(options: ProbeAppOptions): Hono {
  const app = new Hono();
  const egress = { allow: options.allowTargets };
  const verify = tokenVerifier(options.token);
  const auth = bearerAuth({
    realm: 'warden-probe',
    verifyToken: (given) => verify(given),
    noAuthenticationHeader: { message: unauthorized('This endpoint needs a bearer token.', 'Bearer realm="warden-probe"') },
    invalidAuthenticationHeader: { message: unauthorized('The Authorization header is not a bearer token.', 'Bearer realm="warden-probe", error="invalid_request"') },
    invalidToken: { message: unauthorized('The bearer token is wrong.', 'Bearer realm="warden-probe", error="invalid_token"') },
  });

  app.use('*', async (c, next) => {
    if (options.shutdown.aborted && c.req.path !== '/health') return refuse(c, 503, 'probe_serve.shutting_down', 'The probe server is stopping.');
    await next();
  });
  app.get('/health', (c) => c.json({ ok: true }));
  app.use('/runs', auth);
  app.use('/runs/*', auth);

  app.post(
    '/runs',
    bodyLimit({ maxSize: options.maxBodyBytes, onError: (c) => refuse(c, 413, 'probe_serve.too_large', `The request body is larger than ${options.maxBodyBytes} bytes.`, 'Send a smaller target, or restart the server with a larger --max-body.') }),
    async (c) => {
      let value: unknown;
      try {
        value = JSON.parse(await c.req.text());
      } catch {
        return refuse(c, 400, 'probe_serve.invalid_request', 'The body is not JSON.', 'POST /runs takes { "target": { "kind": "http" | "mcp", … }, "selectors"?: [ … ] }.');
      }
      const request = RunRequest.safeParse(value);
      if (!request.success) {
        const issue = request.error.issues[0];
        return refuse(c, 400, 'probe_serve.invalid_request', `The body must be { target, selectors? }: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? 'is invalid'}.`);
      }
      let target;
      try {
        // Every request of the target connects only to an address checked against the egress policy.
        target = parseRemoteTarget(request.data.target, { fetch: guardedFetch(egress) });
      } catch (error) {
        if (!EvidenceError.isInstance(error)) throw error;
        return answer(c, error.code === 'evidence.local_target_refused' ? 422 : 400, error);
      }
      // Refused before anything starts (the guarded fetch refuses again at connect time).
      for (const url of targetUrls(request.data.target)) {
        try {
          await checkedAddress(new URL(url).hostname, egress);
        } catch (error) {
          const shown = error instanceof TargetAddressRefused ? error.address : new URL(url).hostname;
          return refuse(c, 422, 'probe_serve.target_refused', `The target ${new URL(url).host} resolves to ${shown}, which this server does not call (loopback, private, link-local or metadata).`, 'Name a public target, or start the server with --allow-target HOST|CIDR for it.');
        }
      }
      const selectors = request.data.selectors ?? options.defaultSelectors;
      if (selectors.length === 0 || !listCases({ packs: options.packs, selectors }).items.some((item) => item.kind === 'probe')) {
        return refuse(c, 400, 'probe_serve.nothing_selected', `The selectors match no probe: ${selectors.join(' ') || '(none)'}.`, 'Name probes (e.g. "pack:NAME"), or start the server with --pack.');
      }
      const runId = newRunId();
      if (!options.slots.tryAcquire(runId)) {
        c.header('retry-after', '5');
        return refuse(c, 429, 'probe_serve.busy', 'The server is already running as many probe runs as --max-concurrent allows.', 'Retry when a run has finished.');
      }
      return streamRun(c, { runId, target, packs: options.packs, selectors, outDir: options.store.outDir, redact: options.redact, slots: options.slots, shutdown: options.shutdown });
    },
  );

  app.get('/runs/:id', async (c) => {
    const runId = c.req.param('id');
    if (!isRunId(runId)) return refuse(c, 400, 'probe_serve.invalid_run_id', 'A run id holds only letters, digits, . _ - and does not start with a dot.');
    const report = await options.store.readReport(runId);
    if (report !== undefined) return c.body(report, 200, { 'content-type': 'application/json; charset=utf-8' });
    if (options.slots.has(runId)) return c.json({ runId, status: 'running' }, 202);
    return refuse(c, 404, 'probe_serve.not_found', `No run ${runId} is stored here.`);
  });

  app.notFound((c) => refuse(c, 404, 'probe_serve.not_found', 'No such endpoint: the API is GET /health, POST /runs and GET /runs/:id.'));
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    return c.json({ error: { name: 'WardenError', code: 'internal.unexpected', message: 'The probe server failed to answer this request.' } }, 500);
  });
  return app;
}
