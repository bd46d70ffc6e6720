import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import type { PackInputItem, Redactor } from '@warden/evidence';
import { createProbeApp } from './probe-app.js';
import { createRunSlots } from './run-slots.js';
import { createRunStore } from './run-store.js';

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
    const server = serve({ fetch, hostname: host, port }, (info: AddressInfo) => resolve({ server, port: info.port }));
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
  });
  const running = await listen(app.fetch, options.host, options.port);
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
