import { isIP } from 'node:net';

/**
 * Egress is keyed by scheme, host and port (issue 34): `http://localhost:3000` does not authorize
 * `localhost:5432`, and `api.example.com` (default ports) does not authorize `api.example.com:8443`.
 * One parser and one matcher for the gate (governance), the sandbox's filtering proxy (tools) and the
 * task scope, so the three cannot disagree about what an entry allows.
 */
export interface HostSpec {
  /** Lower-case scheme when the entry names one (`http`, `https`, `ws`, …). */
  scheme?: string;
  /** Lower-case host name or IP literal (IPv6 without brackets); without the `*.` of a wildcard. */
  host: string;
  /** `*.example.com`: names below `example.com`. */
  wildcard: boolean;
  /** The ports allowed: the one written, every port (`host:*`), or the scheme's default ports. */
  ports: readonly number[] | '*';
}

/** Default port of a scheme (undefined when it has none Warden knows). */
const SCHEME_PORTS: Readonly<Record<string, number>> = { http: 80, ws: 80, https: 443, wss: 443, ftp: 21, ssh: 22, git: 9418 };

/** The default ports of an entry that names no port: its scheme's, or the web's 80 and 443 for a bare host. */
export function defaultPorts(scheme?: string): readonly number[] {
  if (scheme === undefined) return [80, 443];
  const port = SCHEME_PORTS[scheme.toLowerCase()];
  return port === undefined ? [80, 443] : [port];
}

function validPort(port: number): boolean {
  return Number.isInteger(port) && port >= 1 && port <= 65535;
}

/**
 * Parses `host`, `*.host`, `host:port`, `host:*`, `[::1]:80` or `scheme://host[:port][/…]`.
 * A bare host means its default ports only (80 and 443); `host:*` is every port. Undefined when
 * the text is not such an entry (the caller decides whether that is an error).
 */
export function parseHostSpec(text: string): HostSpec | undefined {
  let rest = text.trim();
  let scheme: string | undefined;
  const withScheme = /^([a-z][a-z0-9+.-]*):\/\/(?:[^\s/@]*@)?([^\s/?#]*)/i.exec(rest);
  if (withScheme) {
    scheme = (withScheme[1] ?? '').toLowerCase();
    rest = withScheme[2] ?? '';
  }
  let portText: string | undefined;
  const bracketed = /^\[([^\]]+)\](?::([^:]*))?$/.exec(rest);
  if (bracketed) {
    rest = bracketed[1] ?? '';
    portText = bracketed[2];
  } else if (isIP(rest) !== 6) {
    const colon = rest.lastIndexOf(':');
    if (colon !== -1) {
      portText = rest.slice(colon + 1);
      rest = rest.slice(0, colon);
    }
  }
  let ports: readonly number[] | '*';
  if (portText === undefined) ports = defaultPorts(scheme);
  else if (portText === '*') ports = '*';
  else if (/^\d{1,5}$/.test(portText) && validPort(Number(portText))) ports = [Number(portText)];
  else return undefined;
  const wildcard = rest.startsWith('*.');
  const host = normalizeHostName(wildcard ? rest.slice(2) : rest);
  if (host === undefined || (wildcard && isIP(host) !== 0)) return undefined;
  return { ...(scheme !== undefined ? { scheme } : {}), host, wildcard, ports };
}

const NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/;

/** Lower-cases, drops a trailing dot and IPv6 brackets; one spelling per IPv6 address; undefined when not a host. */
export function normalizeHostName(raw: string): string | undefined {
  let host = raw.trim().toLowerCase();
  if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
  if (host.endsWith('.')) host = host.slice(0, -1);
  if (host === '' || host.length > 253) return undefined;
  const family = isIP(host);
  if (family === 6) return new URL(`http://[${host}]`).hostname.slice(1, -1);
  if (family === 4) return host;
  return NAME.test(host) ? host : undefined;
}

/** One destination: the host asked for, its port, and its scheme when the caller knows it (a URL). */
export interface HostTarget {
  host: string;
  port: number;
  scheme?: string;
}

/** Schemes that are one protocol on the wire for this purpose (a WebSocket starts as HTTP). */
function sameScheme(a: string, b: string): boolean {
  const family = (s: string): string => (s === 'ws' ? 'http' : s === 'wss' ? 'https' : s);
  return family(a) === family(b);
}

/**
 * True when `spec` allows `target`. The port must be one of the spec's ports; when both name a
 * scheme, they must agree (`http://h:3000` does not allow `https://h:3000`). `subdomains`: a
 * non-wildcard spec also covers names below it (the taint allowlist's historical reading).
 */
export function hostSpecAllows(spec: HostSpec, target: HostTarget, options: { subdomains?: boolean } = {}): boolean {
  const host = normalizeHostName(target.host);
  if (host === undefined || !validPort(target.port)) return false;
  if (spec.ports !== '*' && !spec.ports.includes(target.port)) return false;
  if (spec.scheme !== undefined && target.scheme !== undefined && !sameScheme(spec.scheme, target.scheme.toLowerCase())) return false;
  if (spec.wildcard) return host.endsWith(`.${spec.host}`) || (options.subdomains === true && host === spec.host);
  return host === spec.host || (options.subdomains === true && host.endsWith(`.${spec.host}`));
}

/** The target of a URL (`https://h/x` → h:443), or undefined when it is not one. */
export function urlTarget(url: string): HostTarget | undefined {
  try {
    const parsed = new URL(url);
    const scheme = parsed.protocol.replace(/:$/, '').toLowerCase();
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (host === '') return undefined;
    const port = parsed.port === '' ? (SCHEME_PORTS[scheme] ?? 0) : Number(parsed.port);
    return { host, port, scheme };
  } catch {
    return undefined;
  }
}

/** The canonical text of a spec (`http://localhost:3000`, `api.example.com`, `db.internal:*`). */
export function formatHostSpec(spec: HostSpec): string {
  const host = `${spec.wildcard ? '*.' : ''}${isIP(spec.host) === 6 ? `[${spec.host}]` : spec.host}`;
  const defaults = defaultPorts(spec.scheme);
  const isDefault = spec.ports !== '*' && spec.ports.length === defaults.length && spec.ports.every((p, i) => p === defaults[i]);
  const port = spec.ports === '*' ? ':*' : isDefault ? '' : `:${spec.ports.join(',')}`;
  return `${spec.scheme !== undefined ? `${spec.scheme}://` : ''}${host}${port}`;
}

/** A scope host entry (`{ host, port?, scheme? }`) as the entry text the matchers read (`http://localhost:3000`). */
export function scopeHostText(entry: { host: string; port?: number | '*'; scheme?: string }): string {
  const host = isIP(entry.host) === 6 ? `[${entry.host}]` : entry.host;
  return `${entry.scheme !== undefined ? `${entry.scheme}://` : ''}${host}${entry.port !== undefined ? `:${entry.port}` : ''}`;
}
