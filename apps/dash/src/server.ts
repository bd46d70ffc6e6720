import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { defaultAllowedHosts, hostOriginCheck, HTTP_SERVER_TIMEOUTS } from '@warden/protocol/net';
import type { HostOriginRefusal } from '@warden/protocol';
import { createDashApp } from './app.js';
import { createConsoleSources } from './console/console-sources.js';
import { isLoopbackHost, parseDashOptions, type DashOptionsInput } from './config/dash-options.js';
import { openDatabase } from './db/open-database.js';
import { DashError } from './errors/dash-error.js';

export interface RunningDash {
  /** Where the server listens (http://host:port). */
  url: string;
  /** The URL pages, run links and connection files use. */
  publicUrl: string;
  database: { kind: 'sqlite' | 'postgres'; location: string };
  close(): Promise<void>;
}

function forbidden(why: HostOriginRefusal): Response {
  return new Response(why === 'host' ? 'Forbidden: this dashboard does not answer to that Host.' : 'Forbidden: cross-origin request refused.', { status: 403, headers: { 'content-type': 'text/plain; charset=utf-8' } });
}

function listen(fetch: Parameters<typeof serve>[0]['fetch'], host: string, port: number): Promise<{ server: ServerType; port: number }> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch, hostname: host, port, serverOptions: HTTP_SERVER_TIMEOUTS }, (info: AddressInfo) => resolve({ server, port: info.port }));
    (server as { keepAliveTimeout?: number }).keepAliveTimeout = HTTP_SERVER_TIMEOUTS.keepAliveTimeout;
    server.once('error', reject);
  });
}

/**
 * Opens the database (migrating it), and serves the dashboard. With no public URL
 * the listen address is used, which is right for a laptop; behind a proxy pass
 * the proxy's https URL so links, cookies and connection files name it.
 */
export async function startDash(input: DashOptionsInput = {}): Promise<RunningDash> {
  const options = parseDashOptions(input);
  const declared = options.publicUrl === undefined ? undefined : new URL(options.publicUrl);
  if (declared && declared.protocol === 'http:' && !isLoopbackHost(declared.hostname) && !options.allowInsecureHttp) {
    throw new DashError({
      code: 'dash.insecure_public_url',
      message: 'The public URL is plain http on a non-loopback host.',
      hint: 'Serve the dashboard behind https (a TLS proxy) and pass its https URL, or pass --allow-insecure-http on a trusted network.',
    });
  }
  if (!declared && !isLoopbackHost(options.host) && !options.allowInsecureHttp) {
    throw new DashError({
      code: 'dash.insecure_public_url',
      message: `Listening on ${options.host} without a public https URL would send passwords and tokens in the clear.`,
      hint: 'Pass --public-url https://… (the TLS proxy in front), or --allow-insecure-http on a trusted network.',
    });
  }
  const database = await openDatabase({ dataDir: options.dataDir, ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }), pgSchema: options.pgSchema });
  // The app needs the public URL, known only once listening (port 0): requests before that get a 503.
  const state: { app?: ReturnType<typeof createDashApp>; foreign?: ReturnType<typeof hostOriginCheck> } = {};
  let running: { server: ServerType; port: number };
  try {
    running = await listen((request, env) => {
      if (!state.app || !state.foreign) return new Response('Starting.', { status: 503 });
      // DNS rebinding: the one Host/Origin check every Warden server shares, before any route.
      const refused = state.foreign({ host: request.headers.get('host'), origin: request.headers.get('origin') });
      return refused ? forbidden(refused) : state.app.fetch(request, env);
    }, options.host, options.port);
  } catch (error) {
    await database.close();
    throw new DashError({ code: 'dash.invalid_options', message: `Cannot listen on ${options.host}:${options.port}.`, hint: 'Pick another --port, or stop what uses this one.', cause: error });
  }
  const hostForUrl = options.host.includes(':') ? `[${options.host}]` : options.host;
  const url = `http://${hostForUrl}:${running.port}`;
  const publicUrl = declared ?? new URL(url);
  // Secure cookies everywhere except a plain-http, non-loopback URL the operator explicitly allowed.
  const secureCookies = !(publicUrl.protocol === 'http:' && !isLoopbackHost(publicUrl.hostname) && options.allowInsecureHttp);
  const hosts = [...defaultAllowedHosts(options.host, running.port), publicUrl.host];
  state.foreign = hostOriginCheck({ hosts, origins: [...hosts.flatMap((h) => [`http://${h}`, `https://${h}`]), publicUrl.origin] });
  const sources = createConsoleSources({ sessions: options.sessions, approvals: options.approvals, fleet: options.fleet });
  state.app = createDashApp({ db: database.db, publicUrl, secureCookies, maxReportBytes: options.maxReportBytes, signInAttempts: options.signInAttempts, console: sources, liveIntervalMs: options.liveIntervalMs });
  return {
    url,
    publicUrl: publicUrl.origin,
    database: { kind: database.kind, location: database.location },
    close: async () => {
      const server = running.server as ServerType & { closeAllConnections?: () => void };
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await closed;
      await sources.close();
      await database.close();
    },
  };
}
