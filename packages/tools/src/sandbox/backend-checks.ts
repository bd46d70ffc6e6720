import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { parseSandboxSpec } from '@warden/protocol/net';
import type { SandboxCheck, SandboxSpec } from '@warden/protocol';
import { probeSandbox } from './sandbox-probe.js';
import { createSshSandbox } from './ssh-sandbox.js';

/** The backends `warden sandboxes` knows, in the order it lists them. */
export const SANDBOX_BACKENDS = ['bwrap', 'ssh', 'docker', 'e2b', 'daytona'] as const;
export type SandboxBackendName = (typeof SANDBOX_BACKENDS)[number];

export interface SandboxBackendReport {
  backend: SandboxBackendName;
  /** What was checked: the spec, the socket or the API's address (never a key). */
  target: string;
  check: SandboxCheck;
}

export interface CheckSandboxOptions {
  /** Where keys, DOCKER_HOST, WARDEN_SANDBOX_SSH and the API addresses are read (default process.env). */
  env?: Readonly<Record<string, string | undefined>>;
  /** The folder `createSshSandbox` needs for its workspace argument (only checked, never copied). */
  workspace: string;
  /** Warden's known_hosts for SSH (pins the host key on first contact). */
  knownHostsFile: string;
  /** A spec to check instead of the environment's (`ssh://me@host:2222`, `docker://node:20`). */
  spec?: string;
  /** Give up on a network check after this long (default 10 s). */
  timeoutMs?: number;
}

const failing = (code: string, detail: string): SandboxCheck => ({ state: 'failing', code, detail });

/** The engine socket: DOCKER_HOST (unix://), else Docker's or Podman's usual sockets, first that exists. */
export function engineSocket(env: Readonly<Record<string, string | undefined>>): string | undefined {
  const host = env.DOCKER_HOST;
  if (host !== undefined && host !== '') return host.startsWith('unix://') ? host.slice('unix://'.length) : host;
  const candidates = ['/var/run/docker.sock', ...(env.XDG_RUNTIME_DIR ? [path.join(env.XDG_RUNTIME_DIR, 'podman', 'podman.sock')] : []), '/run/podman/podman.sock'];
  return candidates.find((p) => existsSync(p));
}

/** GET on a unix socket (the Docker Engine API and Podman's compatible one). */
export function socketGet(socketPath: string, urlPath: string, timeoutMs: number): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ socketPath, path: urlPath, method: 'GET', headers: { host: 'docker' }, timeout: timeoutMs }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('timeout', () => req.destroy(new Error(`no answer in ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end();
  });
}

async function checkBwrap(): Promise<SandboxBackendReport> {
  const status = await probeSandbox({ findProxy: true });
  return {
    backend: 'bwrap',
    target: 'this host',
    check: status.available ? { state: 'available', detail: `bubblewrap ${status.version}${status.socatPath ? ', filtering proxy (socat)' : ''}` } : failing(status.code ?? 'sandbox.unavailable', status.reason),
  };
}

async function checkSsh(options: CheckSandboxOptions, env: Readonly<Record<string, string | undefined>>, spec: Extract<SandboxSpec, { kind: 'ssh' }> | undefined, text: string | undefined): Promise<SandboxBackendReport> {
  if (spec === undefined || text === undefined) return { backend: 'ssh', target: '-', check: { state: 'not_configured', detail: 'set WARDEN_SANDBOX_SSH=ssh://user@host[:port] (key: WARDEN_SSH_KEY, pinned host key: WARDEN_SSH_HOST_KEY) or name the spec' } };
  const sandbox = createSshSandbox({
    workspace: options.workspace,
    host: spec.host,
    port: spec.port,
    ...(spec.user !== undefined ? { user: spec.user } : {}),
    ...(env.WARDEN_SSH_KEY ? { identityFile: env.WARDEN_SSH_KEY } : {}),
    ...(env.WARDEN_SSH_HOST_KEY ? { hostKey: env.WARDEN_SSH_HOST_KEY } : {}),
    knownHostsFile: options.knownHostsFile,
  });
  try {
    const status = await sandbox.status();
    return { backend: 'ssh', target: text, check: status.available ? { state: 'available', detail: status.version } : failing(/pinned key/.test(status.reason) ? 'tool.sandbox_host_key_changed' : 'tool.sandbox_unreachable', status.reason) };
  } finally {
    // Only looked at: nothing was copied there, and `close` removes nothing that is not ours.
    await sandbox.keep();
    await sandbox.close();
  }
}

async function checkEngine(env: Readonly<Record<string, string | undefined>>, timeoutMs: number): Promise<SandboxBackendReport> {
  const socket = engineSocket(env);
  if (socket === undefined) return { backend: 'docker', target: '-', check: { state: 'not_configured', detail: 'no Docker or Podman socket (set DOCKER_HOST=unix:///path/to/docker.sock)' } };
  if (!socket.startsWith('/')) return { backend: 'docker', target: socket, check: failing('tool.sandbox_unsupported', 'only a unix socket is supported (DOCKER_HOST=unix://…)') };
  try {
    const ping = await socketGet(socket, '/_ping', timeoutMs);
    if (ping.status !== 200) return { backend: 'docker', target: socket, check: failing('tool.sandbox_unreachable', `the engine answered /_ping with HTTP ${ping.status}`) };
    const version = await socketGet(socket, '/version', timeoutMs);
    const parsed = JSON.parse(version.body) as { Version?: string; ApiVersion?: string; Components?: Array<{ Name?: string }> };
    const name = parsed.Components?.[0]?.Name ?? 'Engine';
    return { backend: 'docker', target: socket, check: { state: 'available', detail: `${name} ${parsed.Version ?? '?'} (API ${parsed.ApiVersion ?? '?'})` } };
  } catch (error) {
    return { backend: 'docker', target: socket, check: failing('tool.sandbox_unreachable', error instanceof Error ? error.message : String(error)) };
  }
}

interface RemoteApi {
  backend: 'e2b' | 'daytona';
  keyEnv: string;
  urlEnv: string;
  defaultUrl: string;
  /** The documented call that lists the account's sandboxes: a cheap authenticated probe. */
  listPath: string;
  headers(key: string): Record<string, string>;
}

/** E2B: `GET /sandboxes` with `X-API-Key`. Daytona: `GET /sandbox` with a bearer token. */
const REMOTE_APIS: readonly RemoteApi[] = [
  { backend: 'e2b', keyEnv: 'E2B_API_KEY', urlEnv: 'E2B_API_URL', defaultUrl: 'https://api.e2b.dev', listPath: '/sandboxes', headers: (key) => ({ 'X-API-Key': key }) },
  { backend: 'daytona', keyEnv: 'DAYTONA_API_KEY', urlEnv: 'DAYTONA_API_URL', defaultUrl: 'https://app.daytona.io/api', listPath: '/sandbox', headers: (key) => ({ Authorization: `Bearer ${key}` }) },
];

async function checkRemote(api: RemoteApi, env: Readonly<Record<string, string | undefined>>, timeoutMs: number): Promise<SandboxBackendReport> {
  const key = env[api.keyEnv];
  const base = (env[api.urlEnv] ?? api.defaultUrl).replace(/\/+$/, '');
  if (key === undefined || key === '') return { backend: api.backend, target: base, check: { state: 'not_configured', detail: `set ${api.keyEnv}` } };
  try {
    const response = await fetch(`${base}${api.listPath}`, { headers: { ...api.headers(key), accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
    await response.body?.cancel();
    if (response.status === 401 || response.status === 403) return { backend: api.backend, target: base, check: failing('tool.sandbox_unreachable', `${api.keyEnv} was refused (HTTP ${response.status})`) };
    if (!response.ok) return { backend: api.backend, target: base, check: failing('tool.sandbox_unreachable', `HTTP ${response.status} from ${api.listPath}`) };
    return { backend: api.backend, target: base, check: { state: 'available', detail: `${api.keyEnv} accepted` } };
  } catch (error) {
    // The message of a failed fetch names the address, never the key (it travels in a header).
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    return { backend: api.backend, target: base, check: failing('tool.sandbox_unreachable', `${error instanceof Error ? error.message : String(error)}${cause ? `: ${cause}` : ''}`) };
  }
}

/**
 * Every backend's honest state: `available` (it answered), `not_configured` (nothing says where it
 * is, and what would) or `failing` (configured, with the reason and a code). `only` narrows it to
 * one backend; `options.spec` checks that spec instead of the environment's. Never throws.
 */
export async function checkSandboxBackends(options: CheckSandboxOptions, only?: SandboxBackendName): Promise<SandboxBackendReport[]> {
  const env = options.env ?? process.env;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const sshText = options.spec?.startsWith('ssh://') ? options.spec : env.WARDEN_SANDBOX_SSH;
  let sshSpec: Extract<SandboxSpec, { kind: 'ssh' }> | undefined;
  let sshProblem: string | undefined;
  if (sshText !== undefined && sshText !== '') {
    try {
      const parsed = parseSandboxSpec(sshText);
      if (parsed.kind === 'ssh') sshSpec = parsed;
      else sshProblem = `${sshText} is not an ssh:// spec`;
    } catch (error) {
      sshProblem = (error as Error).message;
    }
  }
  const jobs: Record<SandboxBackendName, () => Promise<SandboxBackendReport>> = {
    bwrap: checkBwrap,
    ssh: async () => (sshProblem !== undefined ? { backend: 'ssh', target: sshText ?? '-', check: failing('config.invalid', sshProblem) } : checkSsh(options, env, sshSpec, sshText)),
    docker: () => checkEngine(env, timeoutMs),
    e2b: () => checkRemote(REMOTE_APIS[0]!, env, timeoutMs),
    daytona: () => checkRemote(REMOTE_APIS[1]!, env, timeoutMs),
  };
  const names = only === undefined ? SANDBOX_BACKENDS : [only];
  return Promise.all(names.map((name) => jobs[name]()));
}
