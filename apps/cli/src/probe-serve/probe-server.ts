import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { defaultAllowedHosts, hostOriginCheck, HTTP_SERVER_TIMEOUTS } from '@warden/protocol/net';
import type { PackInputItem } from '@warden/evidence';
import type { Redactor } from '@warden/evidence/report';
import { createProbeApp } from './probe-app.js';
import { createRunSlots } from './run-slots.js';
import { createRunStore } from './run-store.js';
import { ProbeServeError } from './serve-error.js';

export interface ProbeServerOptions {
  host: string;
  port: number;
  token: string;
  outDir: string;
  maxConcurrent: number;
  maxBodyBytes: number;
  packs: readonly PackInputItem[];
  defaultSelectors: readonly string[];
  redact: Redactor;
  /** Loopback, private or metadata addresses targets may reach anyway (`--allow-target`). Default none. */
  allowTargets?: readonly string[];
  /** `Host` values accepted besides the listen address's (behind a proxy). */
  allowedHosts?: readonly string[];
}

export interface RunningProbeServer {
  url: string;
  port: number;
  /** Stops taking runs, lets the running ones finish their current probe and write their reports, then closes. */
  close(): Promise<void>;
}

/** How long finished streams get to drain to their clients before the last connections are cut. */
const DRAIN_MS = 2000;

function listen(fetch: Parameters<typeof serve>[0]['fetch'], host: string, port: number): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port, serverOptions: HTTP_SERVER_TIMEOUTS }, (info: AddressInfo) => resolve({ server, port: info.port }));
    (server as { keepAliveTimeout?: number }).keepAliveTimeout = HTTP_SERVER_TIMEOUTS.keepAliveTimeout;
    server.once('error', reject);
  });
}

/** Starts the probe server (`warden probe serve`) on `host:port` (0 picks a free port). */
export async function startProbeServer(options: ProbeServerOptions): Promise<RunningProbeServer> {
  const shutdown = new AbortController();
  const slots = createRunSlots(options.maxConcurrent);
  const app = createProbeApp({
    token: options.token,
    store: createRunStore(options.outDir),
    slots,
    packs: options.packs,
    defaultSelectors: options.defaultSelectors,
    maxBodyBytes: options.maxBodyBytes,
    redact: options.redact,
    shutdown: shutdown.signal,
    allowTargets: options.allowTargets ?? [],
  });
  // DNS rebinding: the one Host/Origin check every Warden server shares, before any route (known once listening).
  const guard: { check?: ReturnType<typeof hostOriginCheck> } = {};
  const running = await listen((request, env) => {
    const refused = guard.check ? guard.check({ host: request.headers.get('host'), origin: request.headers.get('origin') }) : 'host';
    if (refused) {
      const error = new ProbeServeError({ code: 'probe_serve.forbidden_host', message: refused === 'host' ? 'This server does not answer to that Host.' : 'Cross-origin requests are refused.' });
      return Response.json({ error: error.toJSON() }, { status: 403 });
    }
    return app.fetch(request, env);
  }, options.host, options.port);
  guard.check = hostOriginCheck({ hosts: [...defaultAllowedHosts(options.host, running.port), ...(options.allowedHosts ?? [])] });
  const server = running.server as ServerType & { closeAllConnections(): void; closeIdleConnections(): void };
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${host}:${running.port}`,
    port: running.port,
    close: () =>
      (closing ??= (async () => {
        shutdown.abort();
        const closed = new Promise<void>((resolve) => server.close(() => resolve()));
        await slots.idle();
        // Connections turn idle once their last line is out; anything left is cut after DRAIN_MS.
        server.closeIdleConnections();
        const sweep = setInterval(() => server.closeIdleConnections(), 25);
        const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
        await closed;
        clearInterval(sweep);
        clearTimeout(cut);
      })()),
  };
}
