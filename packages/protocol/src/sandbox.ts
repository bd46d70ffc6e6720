/**
 * Where commands run (issue 43): one contract for every backend — bubblewrap on this host, a
 * machine over SSH, a container through a Docker/Podman socket, a remote sandbox service (E2B,
 * Daytona). A backend makes sandboxes; a sandbox runs commands, reads and writes its files,
 * exposes ports, and is kept (resumable by `id`) or destroyed.
 */

/** One command's outcome inside a sandbox. */
export interface SandboxRunResult {
  /** Exit code; null when the command was killed by a signal or never reported one. */
  exitCode: number | null;
  /** stdout and stderr, merged in arrival order where the backend can, else stdout then stderr. */
  output: string;
  /** The command hit `timeoutMs` and was stopped. */
  timedOut: boolean;
}

export interface SandboxRunOptions {
  /** Working directory, relative to the sandbox's workspace (default: its root). */
  cwd?: string;
  /** Environment for the command (already free of secrets). */
  env?: Readonly<Record<string, string>>;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** What a kept sandbox is found again by: the backend's kind and its own id. */
export interface SandboxHandle {
  /** `bwrap`, `ssh`, `docker`, `e2b`, `daytona`, … */
  kind: string;
  /** The backend's id: a container id, a remote sandbox id, the remote folder. */
  id: string;
  /** The spec the sandbox was made from (`ssh://me@host:2222`, `docker://node:20`): no secrets, ever. */
  spec: string;
}

/** A place commands run. Paths are relative to the sandbox's workspace; `..` out of it is refused. */
export interface SandboxV1 {
  readonly specVersion: 1;
  readonly kind: string;
  /** Stable for the sandbox's life; what `resume` takes. */
  readonly id: string;
  run(command: string, options?: SandboxRunOptions): Promise<SandboxRunResult>;
  readFile(path: string): Promise<Uint8Array>;
  writeFile(path: string, data: Uint8Array | string): Promise<void>;
  /** Makes a port inside the sandbox reachable from here; the URL to reach it by. */
  exposePort(port: number): Promise<{ url: string }>;
  /** Leaves the sandbox in place after this process ends; the handle re-attaches to it. */
  keep(): Promise<SandboxHandle>;
  /** Removes the sandbox and what it holds (idempotent). */
  destroy(): Promise<void>;
}

/** A backend's honest state, for `warden sandboxes --check`. */
export type SandboxCheck =
  | { state: 'available'; detail: string }
  | { state: 'not_configured'; detail: string }
  | { state: 'failing'; detail: string; code: string };

/** Makes, finds again and checks the sandboxes of one kind. */
export interface SandboxBackendV1 {
  readonly specVersion: 1;
  readonly kind: string;
  create(options: { workspace: string }): Promise<SandboxV1>;
  /** The kept sandbox with this id, or undefined when it is gone. */
  resume(id: string, options: { workspace: string }): Promise<SandboxV1 | undefined>;
  check(): Promise<SandboxCheck>;
}

/** A parsed `--sandbox` value. */
export type SandboxSpec =
  | { kind: 'bwrap' }
  | { kind: 'ssh'; user?: string; host: string; port: number; dir?: string }
  | { kind: 'docker'; image: string }
  | { kind: 'remote'; provider: string; target: string };

/**
 * Parses `bwrap`, `ssh://user@host[:port][/dir]`, `docker://image[:tag]` and `<provider>://template`
 * (`e2b://base`, `daytona://default`). Throws a plain Error naming the problem: callers wrap it in
 * their own coded error.
 */
export function parseSandboxSpec(text: string): SandboxSpec {
  if (text === 'bwrap') return { kind: 'bwrap' };
  const scheme = /^([a-z][a-z0-9+.-]*):\/\/(.*)$/i.exec(text);
  if (scheme === null) throw new Error(`"${text}" is not a sandbox: use bwrap, ssh://user@host[:port], docker://image or <provider>://template`);
  const kind = scheme[1]!.toLowerCase();
  const rest = scheme[2]!;
  if (kind === 'docker' || kind === 'podman') {
    if (rest === '' || /\s/.test(rest)) throw new Error(`"${text}": name an image, e.g. docker://node:20`);
    return { kind: 'docker', image: rest };
  }
  if (kind === 'ssh') {
    const m = /^(?:([^@/:\s]+)@)?(\[[0-9a-f:]+\]|[^@/:\s[\]]+)(?::(\d{1,5}))?(\/.*)?$/i.exec(rest);
    const port = m?.[3] === undefined ? 22 : Number(m[3]);
    if (m === null || port < 1 || port > 65_535) throw new Error(`"${text}": expected ssh://user@host[:port][/dir]`);
    return { kind: 'ssh', host: m[2]!.replace(/^\[|\]$/g, ''), port, ...(m[1] !== undefined ? { user: m[1] } : {}), ...(m[4] !== undefined && m[4] !== '/' ? { dir: m[4] } : {}) };
  }
  return { kind: 'remote', provider: kind, target: rest === '' ? 'default' : rest };
}

/** The spec's text again, without anything secret (a spec never holds one: keys come from the environment). */
export function formatSandboxSpec(spec: SandboxSpec): string {
  switch (spec.kind) {
    case 'bwrap':
      return 'bwrap';
    case 'docker':
      return `docker://${spec.image}`;
    case 'ssh': {
      const host = spec.host.includes(':') ? `[${spec.host}]` : spec.host;
      return `ssh://${spec.user !== undefined ? `${spec.user}@` : ''}${host}${spec.port !== 22 ? `:${spec.port}` : ''}${spec.dir ?? ''}`;
    }
    case 'remote':
      return `${spec.provider}://${spec.target}`;
  }
}
