import { BlockList, isIP } from 'node:net';

/**
 * The address ranges no outbound connection may reach unless an operator names the target:
 * loopback, private, link-local, CGNAT, benchmarking, documentation, multicast and reserved.
 * The web tools (`@warden/web`) and `warden probe serve`'s target check share them.
 */
export const PRIVATE_IPV4_RANGES: readonly (readonly [string, number])[] = Object.freeze([
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24],
  ['192.0.2.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const);
export const PRIVATE_IPV6_RANGES: readonly (readonly [string, number])[] = Object.freeze([
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
] as const);

/** Cloud metadata host names (a trailing dot allowed). */
export const METADATA_HOST_NAMES = /^(?:metadata|metadata\.google\.internal|metadata\.goog|instance-data|instance-data\.ec2\.internal)\.?$/i;

let blocked: BlockList | undefined;

function blockList(): BlockList {
  if (blocked) return blocked;
  blocked = new BlockList();
  for (const [net, bits] of PRIVATE_IPV4_RANGES) blocked.addSubnet(net, bits, 'ipv4');
  for (const [net, bits] of PRIVATE_IPV6_RANGES) blocked.addSubnet(net, bits, 'ipv6');
  return blocked;
}

function expandIpv6(address: string): number[] | undefined {
  if (isIP(address) !== 6 || address.includes('.')) return undefined;
  const [head = '', tail] = address.split('::');
  const a = head === '' ? [] : head.split(':');
  const b = tail === undefined || tail === '' ? [] : tail.split(':');
  const fill = tail === undefined ? [] : Array.from({ length: 8 - a.length - b.length }, () => '0');
  return [...a, ...fill, ...b].map((w) => Number.parseInt(w, 16));
}

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

/** Whether an address is in one of the private ranges (in any IPv6 spelling of an IPv4 one); anything not an address counts as private. */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blockList().check(bare, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(bare);
  if (v4 !== undefined && blockList().check(v4, 'ipv4')) return true;
  return blockList().check(bare, 'ipv6');
}
