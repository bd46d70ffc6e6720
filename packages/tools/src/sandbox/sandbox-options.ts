import { z } from 'zod';
import { optionsError } from '../options-error.js';

const relativeName = z
  .string()
  .min(1)
  .refine((p) => !p.startsWith('/') && !p.split('/').includes('..'), 'must be a workspace-relative path without ..');

/**
 * Options of `createSandbox`. `mode` says what happens when the sandbox does
 * not work here: `on` refuses to run commands, `auto` (the default) runs them
 * unsandboxed and says so once, `off` never sandboxes.
 */
export const SandboxOptions = z.strictObject({
  /** The workspace root: writable inside the sandbox, except the protected paths. */
  workspace: z.string().min(1),
  mode: z.enum(['auto', 'on', 'off']).default('auto'),
  /** Hosts reachable through the filtering proxy: `example.com`, `*.example.com`, `host:port`, `127.0.0.1:8080`, `[::1]:80`. Empty = no network at all. */
  allowedHosts: z.array(z.string().min(1)).default([]),
  /** More absolute paths the command may write (they must exist). */
  writablePaths: z.array(z.string().min(1)).default([]),
  /** Paths inside the home directory the command may read (relative to home, or absolute inside it). The rest of home is hidden. */
  readableHomePaths: z.array(z.string().min(1)).default([]),
  /** More workspace-relative paths made read-only (on top of `.git/config`, `.git/hooks`, WARDEN.md, AGENTS.md, CLAUDE.md, skills). */
  readOnlyPaths: z.array(relativeName).default([]),
  /** More workspace-relative paths hidden (on top of `.env`, `.env.*`, `.warden`). */
  hiddenPaths: z.array(relativeName).default([]),
  /** The bubblewrap binary: a name looked up on PATH, or an absolute path. */
  bwrapPath: z.string().min(1).default('bwrap'),
  /** socat, used inside the sandbox to bridge the proxy's unix socket to a loopback port. Only needed with allowedHosts. */
  socatPath: z.string().min(1).default('socat'),
  /** The home directory to hide (default: the OS user's home). */
  home: z.string().min(1).optional(),
  /** Where per-command sockets and placeholders live on the host (default: the OS temp directory). */
  stateDir: z.string().min(1).optional(),
});
export type SandboxOptions = z.input<typeof SandboxOptions>;
export type ResolvedSandboxOptions = z.output<typeof SandboxOptions>;

/** Parses sandbox options strictly: an unknown key or a wrong value is a ConfigError naming it. */
export function parseSandboxOptions(options: SandboxOptions): ResolvedSandboxOptions {
  const result = SandboxOptions.safeParse(options);
  if (result.success) return result.data;
  throw optionsError('createSandbox', SandboxOptions, result.error, 'See the SandboxOptions type for the accepted keys.');
}
