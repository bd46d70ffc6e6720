import type { IncomingMessage, ServerResponse } from 'node:http';
import { ConfigError, type HostOriginRefusal } from '@warden/protocol';
import { defaultAllowedHosts, HTTP_SERVER_TIMEOUTS } from '@warden/protocol/net';
import { configError } from './coded-errors.js';

// What the MCP and A2A servers share over plain `node:http`: bounded body reads, JSON-RPC
// errors outside any request, the default Host allow-list, and the one "no usable key" error.

/** `node:http` server options of every harness server: the shared timeouts (a slowloris client is closed). */
export const SERVER_OPTIONS = { ...HTTP_SERVER_TIMEOUTS } as const;

/** Sets the idle keep-alive timeout, which `createServer` does not take as an option. */
export function applyServerTimeouts(server: { keepAliveTimeout: number }): void {
  server.keepAliveTimeout = HTTP_SERVER_TIMEOUTS.keepAliveTimeout;
}

/** Answers a request the shared Host/Origin check refused (403, before any key or body is looked at). */
export function refuseForeign(res: ServerResponse, why: HostOriginRefusal): void {
  rpcError(res, 403, -32000, why === 'host' ? 'Forbidden: Host header not allowed' : 'Forbidden: Origin not allowed');
}

/** A JSON-RPC error outside any request (the shape the SDKs' transports answer with). */
export function rpcError(res: ServerResponse, status: number, code: number, message: string, headers: Record<string, string> = {}): void {
  if (res.headersSent) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }));
}

export class BodyTooLarge extends Error {}

/** The request body, refused with `BodyTooLarge` as soon as it passes `limit` bytes. */
export function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(new BodyTooLarge());
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `Host` values accepted by default (DNS-rebinding protection): the loopback names when bound to loopback, else `host:port`. */
export function defaultHosts(host: string, port: number): string[] {
  return defaultAllowedHosts(host, port);
}

export function keyConfigError(message: string): ConfigError {
  return configError({ code: 'config.invalid', message, hint: 'pass a bearer key of at least 16 characters (server-wide or per agent)' });
}
