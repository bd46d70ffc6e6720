import { lookup } from 'node:dns/promises';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { Readable } from 'node:stream';

/**
 * What `warden probe serve` may connect to. A caller names the target URL, so without this an
 * authenticated caller could make the server call its own loopback services, the private network
 * or a cloud metadata endpoint (SSRF). Names are resolved first and every address checked; the
 * request then connects to the checked address itself (a pinned lookup), so a name that resolves
 * differently a moment later (DNS rebinding) changes nothing. TLS still checks the name.
 */
const BLOCKED = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) BLOCKED.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64]] as const) BLOCKED.addSubnet(net, bits, 'ipv6');
const METADATA_NAMES = /^(?:metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal)\.?$/i;

/** The IPv4 address an IPv6 one carries (mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`, compatible `::a.b.c.d`). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::ffff:0:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const words = expandIpv6(lower);
  if (!words) return undefined;
  const v4 = (hi: number, lo: number): string => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  if (words.slice(0, 5).every((w) => w === 0) && words[5] === 0xffff) return v4(words[6]!, words[7]!);
  if (words[0] === 0x64 && words[1] === 0xff9b && words.slice(2, 6).every((w) => w === 0)) return v4(words[6]!, words[7]!);
  if (words[0] === 0x2002) return v4(words[1]!, words[2]!);
  if (words.slice(0, 6).every((w) => w === 0) && (words[6]! > 0 || words[7]! > 1)) return v4(words[6]!, words[7]!);
  return undefined;
}

function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6 || address.includes('.')) return undefined;
  const [head = '', tail] = address.split('::');
  const a = head === '' ? [] : head.split(':');
  const b = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array.from({ length: 8 - a.length - b.length }, () => '0');
  return [...a, ...fill, ...b].map((w) => Number.parseInt(w, 16));
}

/** Whether an address is loopback, private, link-local, CGNAT, metadata, multicast or reserved (in any IPv6 spelling of an IPv4 one). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined && BLOCKED.check(v4, 'ipv4')) return true;
  return BLOCKED.check(bare, 'ipv6');
}

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
  if (METADATA_NAMES.test(bare) && !allowed(bare, '')) throw new TargetAddressRefused(host, bare);
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
