import { defaultPorts, hostSpecAllows, parseHostSpec, urlTarget } from '@warden/protocol/net';

/** Commands that reach the network by themselves. */
const NETWORK_COMMANDS = new Set([
  'curl', 'wget', 'nc', 'ncat', 'netcat', 'socat', 'telnet', 'ssh', 'scp', 'sftp', 'rsync', 'ftp', 'tftp', 'http', 'https',
  'xh', 'aria2c', 'lynx', 'links', 'w3m', 'ping', 'dig', 'nslookup', 'host', 'gh', 'aws', 'gcloud', 'gsutil', 'az',
  'kubectl', 'helm', 'terraform', 'mail', 'mailx', 'sendmail', 'mutt', 'openssl', 'websocat', 'grpcurl', 'httpie',
]);
/** `<tool> <subcommand>` pairs that reach the network (or publish). */
const NETWORK_SUBCOMMANDS: Record<string, readonly string[]> = {
  git: ['push', 'fetch', 'pull', 'clone', 'remote', 'ls-remote', 'submodule', 'send-email', 'request-pull', 'archive'],
  npm: ['publish', 'install', 'i', 'add', 'ci', 'update', 'login', 'adduser', 'exec', 'view', 'unpublish', 'dist-tag', 'deprecate'],
  pnpm: ['publish', 'install', 'i', 'add', 'update', 'up', 'dlx', 'login'],
  yarn: ['publish', 'install', 'add', 'upgrade', 'dlx', 'npm'],
  npx: ['*'],
  pip: ['install', 'download', 'upload'],
  pip3: ['install', 'download', 'upload'],
  cargo: ['publish', 'install', 'login'],
  docker: ['push', 'pull', 'login', 'run', 'build'],
  twine: ['upload'],
};
/** Publishing and pushing are irreversible: a person decides even for allowed hosts. */
const IRREVERSIBLE = /(^|[\s;&|(`])(git\s+(\S+\s+)*push|npm\s+publish|pnpm\s+publish|yarn\s+publish|cargo\s+publish|twine\s+upload|docker\s+push|gh\s+(release|pr|issue|gist|api))\b/;
const INTERPRETERS = /(^|[\s;&|(`/])(python[0-9.]*|node|deno|bun|perl|ruby|php|osascript|pwsh|powershell)\s+(-\S*\s+)*(-c|-e|--eval|-r|-E|--exec)\b/;
const URL_PATTERN = /\b([a-z][a-z0-9+.-]*):\/\/([^\s/'"`?#:@]+@)?(\[[0-9a-f:]+\]|[^\s/'"`?#:]+)(?::(\d{1,5}))?/gi;
const BARE_HOST = /^((?:[a-z0-9-]+\.)+[a-z]{2,}|\d{1,3}(?:\.\d{1,3}){3})(?::(\d{1,5}))?(?:\/\S*)?$/i;
/** Endings that are file extensions and not top-level domains, so `-o x.json` is not a host. */
const FILE_SUFFIX = /\.(json|txt|ya?ml|log|csv|lock|toml|t?gz|tar|html?|xml|png|jpe?g|gif|svg|[cm]?js|ts|map|bin|img|iso|pem|conf|cfg|ini|env|bak|tmp|out)$/i;
const DEV_NET = /\/dev\/(tcp|udp)\//;

export interface EgressFinding {
  reason: string;
  /** A stable id for `reason` (`egress.irreversible`, …) and its values, for front ends that translate. */
  id: string;
  params?: Record<string, string>;
}

/** A destination a command names: its host, and its port and scheme when written (a bare word has neither). */
interface Destination {
  host: string;
  port?: number;
  scheme?: string;
}

/**
 * True when an allowlist or scope entry (`host`, `host:port`, `host:*`, `scheme://host:port`; see
 * `parseHostSpec`) allows the destination on its port. A destination without a port (a bare word,
 * a URL of an unknown scheme) is allowed when its entry allows one of the web's default ports.
 * A non-wildcard entry also covers names below it (this allowlist's historical reading).
 */
function hostAllowed(destination: Destination, allowHosts: readonly string[]): boolean {
  const host = destination.host.toLowerCase().replace(/\.$/, '');
  const ports = destination.port !== undefined ? [destination.port] : defaultPorts(destination.scheme);
  return allowHosts.some((entry) => {
    const spec = parseHostSpec(entry);
    if (spec === undefined) return false;
    return ports.some((port) => hostSpecAllows(spec, { host, port, ...(destination.scheme !== undefined ? { scheme: destination.scheme } : {}) }, { subdomains: true }));
  });
}

/** The port of a URL the command writes: the one written, else its scheme's (undefined for schemes without one). */
function urlDestination(match: RegExpMatchArray): Destination {
  const scheme = (match[1] ?? '').toLowerCase();
  const host = (match[3] ?? '').replace(/^\[|\]$/g, '');
  const written = match[4] !== undefined ? Number(match[4]) : undefined;
  const target = urlTarget(`${scheme}://${host.includes(':') ? `[${host}]` : host}${written !== undefined ? `:${written}` : ''}/`);
  const port = written ?? (target !== undefined && target.port > 0 ? target.port : undefined);
  return { host, scheme, ...(port !== undefined ? { port } : {}) };
}

/**
 * A deliberately wide look at a shell command for egress once a run is
 * tainted: any network-reaching command, URL, `/dev/tcp`, interpreter with
 * inline code, push or publish. Hosts on the allowlist pass only when every
 * network use names an allowed host (on an allowed port) in a URL. Returns why it needs a person,
 * or undefined. Over-asking is the safe direction here: this runs after the
 * parsed deny list, not instead of it.
 */
/**
 * A request that carries data out (a body, a form, an upload, a non-GET method): curl `-d`/`--data*`/
 * `-F`/`-T`/`-X POST`, wget `--post-*`/`--body-*`, HTTPie `key=value` items, `nc` fed from a pipe.
 */
const SENDS_DATA = /(?:^|[\s;&|(])(?:-d|--data(?:-\w+)?|-F|--form(?:-string)?|-T|--upload-file|--json|--post-data|--post-file|--body-data|--body-file)(?=[\s=@'"]|$)|(?:-X|--request|--method)[\s=]*['"]?(?:POST|PUT|PATCH|DELETE)\b|\bhttps?\s+(?:POST|PUT|PATCH)\b|\|\s*(?:nc|ncat|netcat|socat)\b/i;

export function shellEgress(command: string, allowHosts: readonly string[], options: { sandboxed?: boolean; taskSends?: boolean } = {}): EgressFinding | undefined {
  const flat = command.replace(/\\\n/g, ' ');
  if (IRREVERSIBLE.test(flat)) return { reason: 'pushes or publishes (irreversible egress)', id: 'egress.irreversible' };
  if (DEV_NET.test(flat)) return { reason: 'opens a network socket through /dev/tcp or /dev/udp', id: 'egress.dev_net' };
  // Inside the sandbox the network filter bounds what inline code can reach; outside it, it needs a person.
  if (options.sandboxed !== true && INTERPRETERS.test(flat)) return { reason: 'runs inline interpreter code that could reach the network', id: 'egress.inline_code' };
  const urls = [...flat.matchAll(URL_PATTERN)];
  const hosts: Destination[] = urls.map(urlDestination);
  const words = flat.split(/[\s;&|()<>`'"=]+/).filter((w) => w.length > 0);
  const networkCommand = findNetworkCommand(flat);
  if (networkCommand !== undefined) {
    // Bare host names (curl accepts `evil.example/x` without a scheme; ssh takes `user@host`).
    for (const word of words) {
      const bare = BARE_HOST.exec(word.replace(/^[^@\s]+@/, ''));
      if (bare?.[1] && !word.includes('://') && !FILE_SUFFIX.test(bare[1])) hosts.push({ host: bare[1], ...(bare[2] !== undefined ? { port: Number(bare[2]) } : {}) });
    }
  }
  const unlisted = hosts.filter((h) => !hostAllowed(h, allowHosts)).map((h) => (h.port !== undefined ? `${h.host.includes(':') ? `[${h.host}]` : h.host}:${h.port}` : h.host));
  if (unlisted.length > 0) return { reason: `reaches ${unlisted[0] ?? 'a host'}, which is not on the taint allowlist`, id: 'egress.unlisted_host', params: { host: unlisted[0] ?? '?' } };
  if (networkCommand !== undefined && hosts.length === 0) {
    return { reason: `runs ${networkCommand}, which reaches the network at a host that cannot be checked`, id: 'egress.unchecked_host', params: { command: networkCommand } };
  }
  // Data leaving is egress of its own (issue 34): even to a host the task names, after untrusted
  // content a request that carries a body needs a person unless the task asks to send in so many words.
  if (networkCommand !== undefined && options.taskSends !== true && SENDS_DATA.test(flat)) {
    const host = hosts[0]?.host ?? '?';
    return { reason: `sends data to ${host} (a request body, form or upload); data leaving after untrusted content needs a person even to a host the task names`, id: 'egress.sends_data', params: { host } };
  }
  return undefined;
}

/** Words that run the command after them (their own options skipped). */
const WRAPPERS = new Set(['sudo', 'doas', 'env', 'xargs', 'nohup', 'time', 'exec', 'command', 'builtin', 'nice', 'ionice', 'timeout', 'stdbuf', 'then', 'do', 'else', 'elif', 'if', 'while', 'until', '!', 'watch', 'strace', 'flock', 'setsid', 'chroot', 'unbuffer', 'eval']);
const SHELLS = new Set(['sh', 'bash', 'zsh', 'dash', 'ksh', 'fish', 'busybox']);

/** The first network-reaching command in command position (through wrappers, `sh -c`, `find -exec`), if any. */
function findNetworkCommand(command: string): string | undefined {
  for (const segment of command.split(/\|\||&&|\$\(|[;|&\n(){}`]/)) {
    const words = segment.split(/[\s'"]+/).filter((w) => w.length > 0);
    let i = 0;
    // After a wrapper its option values look like commands (`sudo -u bob wget`): keep looking.
    let afterWrapper = false;
    while (i < words.length) {
      const word = (words[i] as string).replace(/\\/g, '');
      const name = word.replace(/^.*\//, '');
      if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(word) || /^-/.test(word) || /^\d+[smhd]?$/.test(word)) {
        i += 1;
        continue;
      }
      if (WRAPPERS.has(name) || SHELLS.has(name)) {
        afterWrapper = true;
        i += 1;
        continue;
      }
      if (name === 'find') {
        const exec = words.findIndex((w, j) => j > i && /^-(exec|execdir|ok|okdir)$/.test(w));
        if (exec < 0) break;
        i = exec + 1;
        continue;
      }
      if (NETWORK_COMMANDS.has(name)) return name;
      const subs = NETWORK_SUBCOMMANDS[name];
      const next = words.slice(i + 1).find((w) => !w.startsWith('-'));
      if (subs && next && (subs.includes('*') || subs.includes(next))) return `${name} ${next}`;
      if (!afterWrapper) break;
      i += 1;
    }
  }
  return undefined;
}

/** True when a URL's host, on its port and scheme, is on the allowlist (used for open-world tools' `url` arguments). */
export function urlHostAllowed(url: string, allowHosts: readonly string[]): boolean {
  const target = urlTarget(url);
  if (target === undefined) return false;
  return hostAllowed({ host: target.host, ...(target.port > 0 ? { port: target.port } : {}), ...(target.scheme !== undefined ? { scheme: target.scheme } : {}) }, allowHosts);
}
