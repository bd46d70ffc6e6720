import type { ProxyRefusal } from './egress-proxy.js';

/** Something the sandbox refused while a command ran. */
export interface SandboxViolation {
  kind: 'network' | 'filesystem';
  /** One line for the model and the event stream: what was refused. */
  detail: string;
}

const FILESYSTEM = /Read-only file system|\bEROFS\b/;
const PERMISSION = /permission denied|\bEACCES\b|operation not permitted|\bEPERM\b|must be superuser/i;
const NETWORK =
  /Network is unreachable|\bENETUNREACH\b|Could not resolve host|Temporary failure in name resolution|\bEAI_AGAIN\b|Name or service not known|getaddrinfo ENOTFOUND|Couldn't connect to server|Connection refused|\bECONNREFUSED\b/;
const MAX_PER_KIND = 5;

function clip(line: string): string {
  const trimmed = line.trim();
  return trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed;
}

/**
 * Reads a command's output for the marks the sandbox leaves: a write to a
 * read-only mount fails with EROFS ("Read-only file system"), an operation
 * that needed a capability with EACCES/EPERM, and with no network a name does
 * not resolve or a connection cannot be made. At most five lines of each
 * kind are kept; they are hints read from the output, the proxy's refusals
 * are exact.
 */
export function violationsInOutput(output: string): SandboxViolation[] {
  const found: SandboxViolation[] = [];
  let fs = 0;
  let net = 0;
  for (const line of output.split('\n')) {
    if (FILESYSTEM.test(line) && fs < MAX_PER_KIND) {
      fs++;
      found.push({ kind: 'filesystem', detail: `write refused (read-only here): ${clip(line)}` });
    } else if (PERMISSION.test(line) && fs < MAX_PER_KIND) {
      fs++;
      found.push({ kind: 'filesystem', detail: `permission denied (the sandbox drops every capability, also root's): ${clip(line)}` });
    } else if (NETWORK.test(line) && net < MAX_PER_KIND) {
      net++;
      found.push({ kind: 'network', detail: `no network here: ${clip(line)}` });
    }
  }
  return found;
}

/** The proxy's refusals as violations, one per distinct destination. */
export function violationsFromProxy(refusals: readonly ProxyRefusal[]): SandboxViolation[] {
  const seen = new Set<string>();
  const found: SandboxViolation[] = [];
  for (const r of refusals) {
    const key = `${r.host}:${r.port}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ kind: 'network', detail: `connection to ${key} refused by the proxy (${r.protocol}; not in the allowed hosts)` });
  }
  return found;
}

/** Protected paths a command created (they did not exist, so the sandbox could not cover them). */
export function violationsFromCreated(created: readonly string[]): SandboxViolation[] {
  return created.map((relative) => ({ kind: 'filesystem' as const, detail: `created protected path ${relative} (review it before trusting it)` }));
}

/**
 * The note appended to the tool result the model sees: what was refused,
 * and the bounds, so it can adapt instead of retrying blindly.
 */
export function describeViolations(violations: readonly SandboxViolation[], allowedHosts: readonly string[]): string {
  if (violations.length === 0) return '';
  const network = allowedHosts.length === 0 ? 'no network' : `network only through the proxy to ${allowedHosts.join(', ')}`;
  const lines = violations.map((v) => `- ${v.kind}: ${v.detail}`);
  return [
    `[sandbox: ${violations.length === 1 ? 'this was' : 'these were'} refused or flagged by the OS sandbox]`,
    ...lines,
    `[sandbox bounds: the workspace is writable except .env*, .git/config, .git/hooks, .warden and instruction files; the rest of the system is read-only; home is hidden; ${network}. Ask the user if the task needs more.]`,
  ].join('\n');
}
