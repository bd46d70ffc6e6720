import { mkdirSync, mkdtempSync, realpathSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import path from 'node:path';
import { configError, toolError } from '../tool-error-codes.js';
import { bwrapArgs, sandboxEnv } from './bwrap-args.js';
import type { EgressProxy } from './egress-proxy.js';
import { createHostAllowlist, type HostAllowlist } from './host-allowlist.js';
import { createdProtected, scanProtected } from './protected-entries.js';
import { parseSandboxOptions, type SandboxOptions } from './sandbox-options.js';
import { probeSandbox, type SandboxStatus } from './sandbox-probe.js';
import { describeViolations, violationsFromCreated, violationsFromProxy, violationsInOutput, type SandboxViolation } from './sandbox-violations.js';

export interface WrapOptions {
  /** Working directory: the workspace or a folder inside it. */
  cwd: string;
  /** The environment for the command (already free of secrets). */
  env: Record<string, string>;
  /** The shell run as `<shell> -c <command>` (default /bin/sh). */
  shellPath?: string;
  /**
   * More hosts this one command may reach, on top of the sandbox's `allowedHosts`: the hosts the
   * run's task names (`ToolContext.scope`). Entries that are not host names are ignored.
   */
  allowedHosts?: readonly string[];
  /**
   * Absolute folders outside the workspace this one command may read (bound read-only, after the
   * private /tmp and the hidden home, so they show through): a stdio MCP server's own program
   * folder and package cache. Folders that do not exist, the root, the home folder itself and its
   * ancestors are ignored.
   */
  readablePaths?: readonly string[];
}

export interface SandboxReport {
  violations: SandboxViolation[];
  /** The note for the tool result the model sees; empty when nothing was refused. */
  text: string;
}

/** One command, ready to start: `file` with `args` and `env`. */
export interface SandboxCommand {
  file: string;
  args: string[];
  env: Record<string, string>;
  /** Whether it runs inside the OS sandbox. */
  sandboxed: boolean;
  /** Set on the first command `auto` runs without the sandbox (once per sandbox object). */
  notice?: string;
  /** Call once the process has ended: stops its proxy, removes its files and says what was refused. */
  finish(output: string): Promise<SandboxReport>;
}

export interface Sandbox {
  /** The backend: `bwrap` (this host's OS sandbox; also when absent) or `ssh` (a synced copy on another machine). */
  readonly kind?: string;
  readonly mode: 'auto' | 'on' | 'off';
  /** Real path of the workspace the sandbox was made for. */
  readonly workspace: string;
  /** Probes once (on first call) and keeps the answer in this object. */
  status(): Promise<SandboxStatus>;
  /**
   * Wraps one command. `on` with the sandbox unavailable throws
   * `tool.sandbox_unavailable` and never runs it; `auto` runs it without the
   * sandbox and sets `notice` the first time; `off` never sandboxes.
   */
  wrap(command: string, options: WrapOptions): Promise<SandboxCommand>;
  /** Removes the sandbox's folder of placeholders in the temp directory (made on the first sandboxed command). */
  close(): void;
}

interface StateDir {
  dir: string;
  emptyFile: string;
  emptyDir: string;
}

function makeStateDir(parent: string): StateDir {
  const dir = mkdtempSync(path.join(parent, 'warden-sbx-'));
  const emptyFile = path.join(dir, 'empty');
  const emptyDir = path.join(dir, 'empty.d');
  writeFileSync(emptyFile, '', { mode: 0o444 });
  mkdirSync(emptyDir, { mode: 0o555 });
  return { dir, emptyFile, emptyDir };
}

function isInside(root: string, candidate: string): boolean {
  const rel = path.relative(root, candidate);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function realIfExists(p: string): string | undefined {
  try {
    return realpathSync(p);
  } catch {
    return undefined;
  }
}

/** Directories replaced by an empty private tmpfs, outermost first, none inside another. */
function privateDirsFor(home: string): string[] {
  const wanted = ['/tmp', '/var/tmp', '/run', '/home', '/root', home].map((d) => realIfExists(d)).filter((d): d is string => d !== undefined && isDir(d));
  const unique = [...new Set(wanted)].sort((a, b) => a.length - b.length);
  return unique.filter((d, i) => !unique.slice(0, i).some((outer) => isInside(outer, d)));
}

/** The sandbox's allowlist widened by one command's hosts; malformed extra entries are dropped, not fatal. */
function commandAllowlist(base: readonly string[], extra: readonly string[] | undefined): { hosts: string[]; allowlist: HostAllowlist } {
  const hosts = [...base];
  for (const entry of extra ?? []) {
    if (hosts.includes(entry)) continue;
    try {
      createHostAllowlist([entry]);
      hosts.push(entry);
    } catch {
      // A scope host that is not a host name: the gate never matched it either.
    }
  }
  return { hosts, allowlist: createHostAllowlist(hosts) };
}

/** A command's extra read-only folders that exist and uncover nothing the sandbox must keep hidden (not /, not home or above it, not above the workspace). */
function extraReadable(paths: readonly string[] | undefined, home: string, workspace: string): string[] {
  const realHome = realIfExists(home) ?? home;
  const out: string[] = [];
  for (const p of paths ?? []) {
    if (!path.isAbsolute(p)) continue;
    const real = realIfExists(p);
    if (real === undefined || !isDir(real) || real === '/' || isInside(real, realHome) || isInside(real, home) || isInside(real, workspace)) continue;
    if (!out.includes(real)) out.push(real);
  }
  return out;
}

function plain(command: string, options: WrapOptions, notice?: string): SandboxCommand {
  const wrapped: SandboxCommand = {
    file: options.shellPath ?? '/bin/sh',
    args: ['-c', command],
    env: options.env,
    sandboxed: false,
    finish: async () => ({ violations: [], text: '' }),
  };
  if (notice !== undefined) wrapped.notice = notice;
  return wrapped;
}

/**
 * An OS sandbox for the commands of one workspace (bubblewrap on Linux).
 * Each `wrap` builds a fresh bwrap command: the system read-only, the
 * workspace writable except its protected paths, home hidden but for
 * `readableHomePaths`, private /tmp, no network but the filtering proxy to
 * `allowedHosts`, and a PID namespace that dies with the command. The health
 * probe runs once per object; nothing is shared between objects.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const o = parseSandboxOptions(options);
  const workspace = realIfExists(o.workspace);
  if (workspace === undefined || !isDir(workspace)) {
    throw configError({ code: 'config.invalid', message: `createSandbox: workspace ${o.workspace} is not a folder`, hint: 'Pass the workspace root that exists.' });
  }
  const home = path.resolve(o.home ?? homedir());
  const allowlist = createHostAllowlist(o.allowedHosts);
  const readableHome = o.readableHomePaths.map((p) => path.resolve(home, p));
  const outside = readableHome.find((p) => !isInside(home, p) || p === home);
  if (outside !== undefined) {
    throw configError({ code: 'config.invalid', message: `createSandbox: readableHomePaths entry ${outside} is not a path inside ${home}`, hint: 'Name files or folders inside the home directory, e.g. .gitconfig.' });
  }
  const writable = o.writablePaths.map((p) => path.resolve(p));
  const stateParent = realIfExists(o.stateDir ?? tmpdir()) ?? path.resolve(o.stateDir ?? tmpdir());
  if (isInside(workspace, stateParent)) {
    throw configError({
      code: 'config.invalid',
      message: `createSandbox: the state folder ${stateParent} is inside the workspace, where commands could change its placeholders`,
      hint: 'Pass stateDir: a folder outside the workspace.',
    });
  }
  let statusPromise: Promise<SandboxStatus> | undefined;
  let noticeGiven = false;
  let state: StateDir | undefined;
  let privateDirs: string[] | undefined;
  let commands = 0;

  const status = (): Promise<SandboxStatus> => {
    statusPromise ??= (async (): Promise<SandboxStatus> => {
      if (o.mode === 'off') return { available: false, reason: "the sandbox is turned off (sandbox: 'off')", code: 'sandbox.off' };
      if (isInside(workspace, home) || isInside(workspace, realIfExists(home) ?? home)) {
        return { available: false, reason: `the workspace ${workspace} contains the home directory, which the sandbox must hide`, code: 'sandbox.home_workspace', params: { workspace } };
      }
      return probeSandbox({ bwrapPath: o.bwrapPath, socatPath: o.socatPath, needProxy: allowlist.size > 0, findProxy: true });
    })();
    return statusPromise;
  };

  return {
    kind: 'bwrap',
    mode: o.mode,
    workspace,
    status,
    async wrap(command, wrapOptions) {
      if (o.mode === 'off') return plain(command, wrapOptions);
      const current = await status();
      if (!current.available) {
        if (o.mode === 'on') {
          throw toolError('tool.sandbox_unavailable', `the OS sandbox is required but unavailable: ${current.reason}`, "Install bubblewrap (apt-get install bubblewrap) where user namespaces are allowed, or set sandbox: 'auto' to run without it.");
        }
        const notice = noticeGiven ? undefined : `OS sandbox unavailable (${current.reason}); commands run without it`;
        noticeGiven = true;
        return plain(command, wrapOptions, notice);
      }
      const cwd = realIfExists(wrapOptions.cwd);
      if (cwd === undefined || !isInside(workspace, cwd)) throw toolError('tool.path_outside_workspace', `working directory ${wrapOptions.cwd} is not inside the sandbox's workspace`);

      if (state !== undefined && !isDir(state.emptyDir)) state = undefined; // a temp cleaner removed it
      state ??= makeStateDir(stateParent);
      privateDirs ??= privateDirsFor(home);
      const { emptyFile, emptyDir } = state;
      let proxy: EgressProxy | undefined;
      try {
        const scan = scanProtected(workspace, { readOnly: o.readOnlyPaths, hidden: o.hiddenPaths });
        const reach = wrapOptions.allowedHosts?.length ? commandAllowlist(o.allowedHosts, wrapOptions.allowedHosts) : { hosts: o.allowedHosts, allowlist };
        if (reach.allowlist.size > 0 && current.socatPath !== undefined) {
          // Loaded on first use: the proxy (node:http, node:net, the SOCKS5 server) is only for commands with allowed hosts.
          const { startEgressProxy } = await import('./egress-proxy.js');
          proxy = await startEgressProxy({ socketPath: path.join(state.dir, `proxy-${++commands}.sock`), allowlist: reach.allowlist });
        }
        const args = bwrapArgs({
          workspace,
          cwd,
          privateDirs,
          readableHomePaths: [...readableHome.filter((p) => realIfExists(p) !== undefined), ...extraReadable(wrapOptions.readablePaths, home, workspace)],
          writablePaths: writable.filter((p) => realIfExists(p) !== undefined),
          protectedScan: scan,
          emptyFile,
          emptyDir,
          ...(proxy && current.socatPath !== undefined ? { proxy: { socketPath: proxy.socketPath, socatPath: current.socatPath } } : {}),
          shellPath: wrapOptions.shellPath ?? '/bin/sh',
          command,
        });
        const started = proxy;
        let finished: Promise<SandboxReport> | undefined;
        return {
          file: current.bwrapPath,
          args,
          env: sandboxEnv(wrapOptions.env, started !== undefined),
          sandboxed: true,
          finish(output: string) {
            finished ??= (async () => {
              await started?.close();
              const violations = [
                ...violationsFromProxy(started?.refusals ?? []),
                ...violationsFromCreated(createdProtected(workspace, scan)),
                ...violationsInOutput(output),
              ];
              return { violations, text: describeViolations(violations, started !== undefined ? reach.hosts : []) };
            })();
            return finished;
          },
        };
      } catch (error) {
        await proxy?.close();
        throw error;
      }
    },
    close() {
      if (state !== undefined) rmSync(state.dir, { recursive: true, force: true });
      state = undefined;
    },
  };
}
