import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { hostSpecAllows, normalizeHostName, parseHostSpec } from '@warden/protocol/net';
import type { HostSpec } from '@warden/protocol';
import { isPrivateAddress, METADATA_HOST_NAMES } from '@warden/protocol/vocabulary';
import { webError } from './coded-errors.js';

/**
 * Where a web tool may connect (fetch, the browser's documents, search results kept, OpenAPI calls).
 * A URL must be http/https, on an allowed domain and off the blocked ones, and its name must resolve
 * to public addresses only: loopback, private, link-local, CGNAT, metadata, multicast and reserved
 * ranges (and their IPv6-mapped, NAT64 and 6to4 spellings) are refused unless an `allowHosts` entry
 * (`host`, `host:port`, `host:*`, `scheme://host:port` — the protocol's one reading) names the
 * target. The caller then connects to the checked address itself, so a name that resolves
 * differently a moment later (DNS rebinding) changes nothing. The ranges are the
 * protocol vocabulary's, shared with `warden probe serve`'s target check (apps/cli).
 */
export interface AddressPolicyOptions {
  /** When set, only these domains (and names below them) are reachable. */
  allowedDomains?: readonly string[];
  /** Never reachable (and names below them); wins over `allowedDomains`. */
  blockedDomains?: readonly string[];
  /** Host entries that may be private or loopback (`127.0.0.1:8080`, `localhost:*`, `intranet.example`). */
  allowHosts?: readonly string[];
}

export interface CheckedTarget {
  url: URL;
  /** The address to connect to (already checked). */
  address: string;
  family: 4 | 6;
}

export interface AddressPolicy {
  /** Resolves and checks a URL; throws `web.address_refused` naming why (never a credential). */
  check(url: string | URL): Promise<CheckedTarget>;
  /** The domain part of the policy alone (no DNS): for search results and link targets. */
  domainAllowed(host: string): boolean;
}

/** Whether an address is loopback, private, link-local, CGNAT, metadata, multicast or reserved (the protocol's vocabulary owns the ranges). */
export { isPrivateAddress };

/** True when `host` is `domain` or a name below it. */
export function domainMatches(host: string, domain: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  const d = domain.toLowerCase().replace(/^\*\./, '').replace(/^\./, '').replace(/\.$/, '');
  return h === d || h.endsWith(`.${d}`);
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** Builds the address policy every web tool shares. */
export function addressPolicy(options: AddressPolicyOptions = {}): AddressPolicy {
  const specs: HostSpec[] = [];
  for (const entry of options.allowHosts ?? []) {
    const spec = parseHostSpec(entry);
    if (!spec) throw webError('web.invalid_options', `allowHosts: "${entry}" is not a host entry`, 'Write host, host:port, host:* or scheme://host:port.');
    specs.push(spec);
  }
  const allowed = options.allowedDomains ?? [];
  const blocked = options.blockedDomains ?? [];

  function domainAllowed(host: string): boolean {
    if (blocked.some((d) => domainMatches(host, d))) return false;
    return allowed.length === 0 || allowed.some((d) => domainMatches(host, d));
  }

  async function check(input: string | URL): Promise<CheckedTarget> {
    let url: URL;
    try {
      url = new URL(String(input));
    } catch {
      throw webError('web.address_refused', `not a URL: ${String(input).slice(0, 200)}`);
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw webError('web.address_refused', `${url.protocol} URLs are refused: only http and https`);
    if (url.username !== '' || url.password !== '') throw webError('web.address_refused', 'URLs with credentials in them are refused');
    const host = normalizeHostName(url.hostname) ?? '';
    if (host === '') throw webError('web.address_refused', `${url.hostname} is not a host name`);
    const scheme = url.protocol.slice(0, -1);
    const port = url.port === '' ? (DEFAULT_PORT[url.protocol] ?? 0) : Number(url.port);
    const named = specs.some((spec) => hostSpecAllows(spec, { host, port, scheme }));
    if (!named && !domainAllowed(host)) throw webError('web.address_refused', `${host} is not an allowed domain`, 'Add it to allowedDomains, or remove it from blockedDomains.');
    if (!named && METADATA_HOST_NAMES.test(host)) throw webError('web.address_refused', `${host} is a cloud metadata name`);
    let found: Array<{ address: string; family: number }>;
    try {
      found = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true, verbatim: true });
    } catch (error) {
      throw webError('web.fetch_failed', `${host} does not resolve`, undefined, error);
    }
    // Every address the name has must pass: a resolver may answer them in any order.
    if (!named) {
      for (const entry of found) {
        if (isPrivateAddress(entry.address)) {
          throw webError('web.address_refused', `${host} resolves to ${entry.address}, a loopback, private, link-local or metadata address`, `Allow it explicitly with allowHosts: ["${host}:${port}"].`);
        }
      }
    }
    const first = found[0];
    if (!first) throw webError('web.fetch_failed', `${host} has no address`);
    return { url, address: first.address, family: first.family === 6 ? 6 : 4 };
  }

  return { check, domainAllowed };
}
