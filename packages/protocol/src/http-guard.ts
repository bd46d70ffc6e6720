/**
 * What every Warden HTTP server (MCP, A2A, `warden dash serve`, `warden probe serve`) shares:
 * the DNS-rebinding check of `Host` and `Origin`, and the timeouts that close a slow client.
 * Plain functions over header values, so a `node:http` server and a Hono app use the same code.
 */

/** Timeouts of every Warden HTTP server (milliseconds). A client sending headers a byte a second is closed after `headersTimeout`. */
export const HTTP_SERVER_TIMEOUTS = {
  /** The whole header block must arrive within this. */
  headersTimeout: 10_000,
  /** The whole request (headers and body) must arrive within this. */
  requestTimeout: 120_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeout: 5_000,
  /** How often the server looks for connections past those limits (Node's default is 30 s). */
  connectionsCheckingInterval: 1_000,
} as const;

const LOOPBACK_NAMES = new Set(['127.0.0.1', '::1', 'localhost', '[::1]']);

/** Whether a listen address or host name is a loopback name. */
export function isLoopbackName(host: string): boolean {
  return LOOPBACK_NAMES.has(host.toLowerCase());
}

/** `Host` values accepted by default: the loopback names with the port when bound to loopback, else `host:port`. */
export function defaultAllowedHosts(host: string, port: number): string[] {
  if (isLoopbackName(host)) return [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`];
  return [`${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`.toLowerCase()];
}

export interface HostOriginPolicy {
  /** `Host` header values accepted, with the port (`127.0.0.1:8080`, `dash.example.com`). */
  hosts: readonly string[];
  /** `Origin` values a browser may send (default: `http://` and `https://` + each host). */
  origins?: readonly string[];
}

/** Why a request was refused: its `Host` or its `Origin` is not one the server answers to. */
export type HostOriginRefusal = 'host' | 'origin';

/**
 * The DNS-rebinding check: a request must name one of the server's hosts, and a browser's
 * `Origin`, when sent, must be one of its origins. A request without `Origin` (not a browser) passes.
 */
export function hostOriginCheck(policy: HostOriginPolicy): (headers: { host?: string | null | undefined; origin?: string | null | undefined }) => HostOriginRefusal | undefined {
  const hosts = new Set(policy.hosts.map((h) => h.toLowerCase()));
  const origins = new Set((policy.origins ?? [...hosts].flatMap((h) => [`http://${h}`, `https://${h}`])).map((o) => o.toLowerCase().replace(/\/$/, '')));
  return (headers) => {
    if (!hosts.has((headers.host ?? '').toLowerCase())) return 'host';
    const origin = headers.origin;
    if (origin !== undefined && origin !== null && !origins.has(origin.toLowerCase())) return 'origin';
    return undefined;
  };
}
