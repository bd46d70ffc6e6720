import { configError } from '../tool-error-codes.js';
import { isIP } from 'node:net';

interface HostRule {
  /** Lower-case name or IP literal (IPv6 without brackets). */
  host: string;
  /** `*.example.com`: any name below `example.com` (not the name itself). */
  wildcard: boolean;
  port?: number;
}

const NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Lower-cases, drops a trailing dot and IPv6 brackets; undefined when the text is not a host name or IP literal. */
export function normalizeHost(raw: string): string | undefined {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.length > 253) return undefined;
  const family = isIP(host);
  // One spelling per IPv6 address (`0:0:0:0:0:0:0:1` and `::1` are the same host).
  if (family === 6) return new URL(`http://[${host}]`).hostname.slice(1, -1);
  if (family === 4) return host;
  return NAME.test(host) ? host : undefined;
}

function parseRule(entry: string): HostRule {
  const fail = (why: string) =>
    configError({
      code: 'config.invalid',
      message: `allowedHosts: ${JSON.stringify(entry)} ${why}`,
      hint: 'Write a host as example.com, *.example.com, example.com:443, 127.0.0.1:8080 or [::1]:80.',
    });
  let text = entry.trim();
  let port: number | undefined;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(text);
  if (bracketed) {
    text = bracketed[1] ?? '';
    if (bracketed[2] !== undefined) port = Number(bracketed[2]);
  } else if (isIP(text) !== 6) {
    const colon = text.lastIndexOf(':');
    if (colon !== -1) {
      const digits = text.slice(colon + 1);
      if (!/^\d+$/.test(digits)) throw fail('has a port that is not a number');
      port = Number(digits);
      text = text.slice(0, colon);
    }
  }
  if (port !== undefined && (port < 1 || port > 65535)) throw fail('has a port outside 1-65535');
  const wildcard = text.startsWith('*.');
  const host = normalizeHost(wildcard ? text.slice(2) : text);
  if (host === undefined) throw fail('is not a host name or IP address');
  if (wildcard && isIP(host) !== 0) throw fail('puts a wildcard in front of an IP address');
  return port === undefined ? { host, wildcard } : { host, wildcard, port };
}

/** Decides whether a host (and port) asked of the proxy is in the allowlist. */
export interface HostAllowlist {
  readonly size: number;
  allows(host: string, port: number): boolean;
}

/**
 * Builds the allowlist from entries such as `example.com` (any port),
 * `api.example.com:443`, `*.example.com` (names below it, not itself),
 * `127.0.0.1:8080` or `[::1]:80`. IP literals match only themselves: a name
 * that resolves to an allowed address is not allowed by it, and the other
 * spellings of an address (`2130706433`, `0x7f.1`) are not either.
 * Malformed entries are a ConfigError naming them.
 */
export function createHostAllowlist(entries: readonly string[]): HostAllowlist {
  const rules = entries.map(parseRule);
  return {
    size: rules.length,
    allows(rawHost, port) {
      const host = normalizeHost(rawHost);
      if (host === undefined || !Number.isInteger(port) || port < 1 || port > 65535) return false;
      return rules.some((rule) => {
        if (rule.port !== undefined && rule.port !== port) return false;
        return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
      });
    },
  };
}
