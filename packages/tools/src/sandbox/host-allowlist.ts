import { hostSpecAllows, normalizeHostName, parseHostSpec } from '@warden/protocol/net';
import type { HostSpec } from '@warden/protocol';
import { configError } from '../tool-error-codes.js';

/** Lower-cases, drops a trailing dot and IPv6 brackets; undefined when the text is not a host name or IP literal. */
export function normalizeHost(raw: string): string | undefined {
  return normalizeHostName(raw);
}

function parseRule(entry: string): HostSpec {
  const fail = (why: string) =>
    configError({
      code: 'config.invalid',
      message: `allowedHosts: ${JSON.stringify(entry)} ${why}`,
      hint: 'Write a host as example.com (ports 80 and 443), example.com:8443, example.com:* (every port), *.example.com, http://localhost:3000, 127.0.0.1:8080 or [::1]:80.',
    });
  // A URL entry names a scheme, host and port; a path after it would say more than the proxy can check.
  const url = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*(.*)$/i.exec(entry.trim());
  if (url && url[1] !== '' && url[1] !== '/') throw fail('has a path; write scheme://host[:port] only');
  const spec = parseHostSpec(entry);
  if (spec === undefined) throw fail('is not a host name or IP address with an optional port (1-65535 or *)');
  return spec;
}

/** Decides whether a host (and port) asked of the proxy is in the allowlist. */
export interface HostAllowlist {
  readonly size: number;
  allows(host: string, port: number): boolean;
}

/**
 * Builds the allowlist from entries such as `example.com` (ports 80 and 443 only),
 * `api.example.com:8443`, `example.com:*` (every port), `*.example.com` (names below it, not
 * itself), `http://localhost:3000`, `127.0.0.1:8080` or `[::1]:80` — one reading with the gate
 * (`parseHostSpec` in @warden/protocol). The proxy keys by host and port: a tunnel's scheme is
 * not visible to it, so a scheme only chooses the default port here. IP literals match only
 * themselves: a name that resolves to an allowed address is not allowed by it, and the other
 * spellings of an address (`2130706433`, `0x7f.1`) are not either. Malformed entries are a
 * ConfigError naming them.
 */
export function createHostAllowlist(entries: readonly string[]): HostAllowlist {
  const rules = entries.map(parseRule);
  return {
    size: rules.length,
    allows(host, port) {
      return rules.some((rule) => hostSpecAllows(rule, { host, port }));
    },
  };
}
