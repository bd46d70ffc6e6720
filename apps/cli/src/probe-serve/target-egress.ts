import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';
import { isPrivateAddress, METADATA_HOST_NAMES } from '@warden/protocol/vocabulary';

/** Whether an address is loopback, private, link-local, CGNAT, metadata, multicast or reserved (the protocol vocabulary's ranges, shared with `@warden/web`). */
export const isBlockedAddress = isPrivateAddress;

/**
 * What `warden probe serve` may connect to. A caller names the target URL, so without this an
 * authenticated caller could make the server call its own loopback services, the private network
 * or a cloud metadata endpoint (SSRF). Names are resolved first and every address checked; the
 * request then connects to the checked address itself (a pinned lookup), so a name that resolves
 * differently a moment later (DNS rebinding) changes nothing. TLS still checks the name.
 */
export interface EgressPolicy {
  /** Host names, addresses or CIDR ranges the operator allowed (`--allow-target`). */
  allow: readonly string[];
}

/** Thrown (as the fetch's rejection) when a target names a refused address. */
export class TargetAddressRefused extends Error {
  constructor(readonly host: string, readonly address: string) {
    super(`the target ${host} resolves to ${address}, a loopback, private, link-local or metadata address`);
  }
}

function allowedBy(policy: EgressPolicy): (host: string, address: string) => boolean {
  const ranges = new BlockList();
  const names = new Set<string>();
  for (const entry of policy.allow) {
    const [net, bits] = entry.split('/');
    const family = isIP(net ?? '');
    if (family !== 0) {
      const type = family === 4 ? 'ipv4' : 'ipv6';
      if (bits === undefined) ranges.addAddress(net!, type);
      else ranges.addSubnet(net!, Number(bits), type);
    } else names.add(entry.toLowerCase());
  }
  return (host, address) => names.has(host.toLowerCase()) || ranges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/** Resolves `host` and returns the one address to connect to, or throws `TargetAddressRefused`. */
export async function checkedAddress(host: string, policy: EgressPolicy): Promise<{ address: string; family: 4 | 6 }> {
  const bare = host.replace(/^\[|\]$/g, '');
  const allowed = allowedBy(policy);
  if (METADATA_HOST_NAMES.test(bare) && !allowed(bare, '')) throw new TargetAddressRefused(host, bare);
  const found = isIP(bare) ? [{ address: bare, family: isIP(bare) as 4 | 6 }] : ((await lookup(bare, { all: true, verbatim: true })) as Array<{ address: string; family: 4 | 6 }>);
  // Every address the name has must pass: a resolver may answer them in any order.
  for (const entry of found) if (isBlockedAddress(entry.address) && !allowed(bare, entry.address)) throw new TargetAddressRefused(host, entry.address);
  const first = found[0];
  if (!first) throw new TargetAddressRefused(host, '(no address)');
  return first;
}

/**
 * A `fetch` for probe targets that connects only to checked addresses: the name is resolved and
 * checked, then the request goes over `node:http(s)` with a lookup pinned to that address.
 * Redirects are never followed (the targets already ask for `redirect: 'manual'`).
 */
export function guardedFetch(policy: EgressPolicy): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const { address, family } = await checkedAddress(url.hostname, policy);
    const headers = new Headers(init.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = init.body === undefined || init.body === null ? undefined : typeof init.body === 'string' ? init.body : Buffer.from(await new Response(init.body).arrayBuffer());
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const response = await new Promise<IncomingMessage>((resolve, reject) => {
      const req = send(url, {
        method: init.method ?? 'GET',
        headers: Object.fromEntries(headers.entries()),
        lookup: (_name, options, callback) => {
          if ((options as { all?: boolean }).all) (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [{ address, family }]);
          else callback(null, address, family);
        },
        ...(init.signal ? { signal: init.signal } : {}),
      });
      req.once('response', resolve);
      req.once('error', reject);
      req.end(body);
    });
    const status = response.statusCode ?? 502;
    const responseHeaders = new Headers();
    for (const [key, value] of Object.entries(response.headers)) if (value !== undefined) responseHeaders.set(key, Array.isArray(value) ? value.join(', ') : value);
    const nullBody = status === 204 || status === 304 || init.method === 'HEAD';
    if (nullBody) response.resume();
    return new Response(nullBody ? null : (Readable.toWeb(response) as ReadableStream<Uint8Array>), { status, statusText: response.statusMessage ?? '', headers: responseHeaders });
  });
}
