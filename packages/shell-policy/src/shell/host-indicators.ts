/** Cloud instance-metadata addresses, as 32-bit IPv4 numbers. */
const METADATA_V4 = new Set([
  0xa9fea9fe, // 169.254.169.254 (AWS, Azure, GCP, OCI, DigitalOcean…)
  0xa9feaa02, // 169.254.170.2 (AWS ECS task metadata)
  0xa9fea97b, // 169.254.169.123 (AWS time sync, same link-local service network)
  0x646464c8, // 100.100.100.200 (Alibaba Cloud)
]);

const METADATA_NAMES = /(?:^|[^a-z0-9.-])(metadata\.google\.internal|metadata\.goog|metadata\.azure\.internal|instance-data(?:\.ec2\.internal)?)\.?(?=$|[^a-z0-9-])/i;
/** `http://metadata/…` (GCE's short name) only counts inside a URL. */
const METADATA_SHORT = /:\/\/(?:[^/@\s]*@)?metadata\.?(?=[:/]|$)/i;

/** Parses one IPv4 literal the way inet_aton does (decimal, octal, hex, 1–4 parts). */
export function parseInetAton(text: string): number | undefined {
  const parts = text.split('.');
  if (parts.length < 1 || parts.length > 4 || parts.some((p) => p.length === 0)) return undefined;
  const nums: number[] = [];
  for (const p of parts) {
    let n: number;
    if (/^0x[0-9a-f]*$/i.test(p)) n = p.length === 2 ? 0 : parseInt(p.slice(2), 16);
    else if (/^0[0-7]*$/.test(p)) n = parseInt(p, 8);
    else if (/^[1-9][0-9]*$/.test(p)) n = parseInt(p, 10);
    else return undefined;
    if (!Number.isFinite(n)) return undefined;
    nums.push(n);
  }
  const last = nums.pop() as number;
  const maxLast = 2 ** (8 * (4 - nums.length)) - 1;
  if (nums.some((n) => n > 255) || last > maxLast) return undefined;
  let value = 0;
  nums.forEach((n, i) => {
    value += n * 2 ** (8 * (3 - i));
  });
  return value + last;
}

function expandIpv6(text: string): number[] | undefined {
  let head = text;
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(head);
  if (v4) {
    const n = parseInetAton(v4[1] as string);
    if (n === undefined) return undefined;
    head = `${head.slice(0, v4.index)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const toGroups = (s: string): number[] => (s.length === 0 ? [] : s.split(':').map((g) => (/^[0-9a-f]{1,4}$/i.test(g) ? parseInt(g, 16) : NaN)));
  const left = toGroups(halves[0] ?? '');
  const right = toGroups(halves[1] ?? '');
  const missing = 8 - left.length - right.length;
  if (halves.length === 1 && missing !== 0) return undefined;
  if (missing < 0) return undefined;
  const groups = [...left, ...new Array<number>(missing).fill(0), ...right];
  return groups.some((g) => Number.isNaN(g)) ? undefined : groups;
}

function isMetadataV6(groups: number[]): boolean {
  // fd00:ec2::254 (AWS IPv6 IMDS)
  if (groups.join(',') === [0xfd00, 0xec2, 0, 0, 0, 0, 0, 0x254].join(',')) return true;
  // IPv4-mapped / compatible forms of a metadata IPv4 address.
  const prefixZero = groups.slice(0, 5).every((g) => g === 0);
  if (prefixZero && (groups[5] === 0xffff || groups[5] === 0)) {
    return METADATA_V4.has((groups[6] ?? 0) * 65536 + (groups[7] ?? 0));
  }
  return false;
}

/** Whether a word names a cloud metadata endpoint (any spelling of the address). */
export function mentionsMetadataEndpoint(text: string): boolean {
  if (METADATA_NAMES.test(text) || METADATA_SHORT.test(text)) return true;
  for (const m of text.matchAll(/(?:0x[0-9a-f]+|[0-9]+)(?:\.(?:0x[0-9a-f]*|[0-9]+)){0,3}/gi)) {
    const before = text[m.index - 1] ?? '';
    const after = text[m.index + m[0].length] ?? '';
    if (/[\w.]/.test(before) || /[\w]/.test(after)) continue;
    const value = parseInetAton(m[0]);
    if (value !== undefined && METADATA_V4.has(value)) return true;
  }
  for (const m of text.matchAll(/\[?([0-9a-f]{0,4}(?::[0-9a-f]{0,4}){2,7}(?::\d+\.\d+\.\d+\.\d+)?)(?:%[\w.]+)?\]?/gi)) {
    const groups = expandIpv6(m[1] as string);
    if (groups && isMetadataV6(groups)) return true;
  }
  return false;
}

/** Bash's virtual network files, the core of most one-line reverse shells. */
export function mentionsDevTcp(text: string): boolean {
  return /\/dev\/+(?:tcp|udp)\//i.test(text);
}
