import { z } from 'zod';
import { optionsError } from './options-error.js';
import type { Sandbox } from './sandbox/create-sandbox.js';

const positive = z.number().int().positive();

export const WorkspaceToolsOptions = z.strictObject({
  /** The workspace root every path is jailed to. */
  root: z.string().min(1),
  /** Adds the `shell` tool. Off by default. */
  allowShell: z.boolean().default(false),
  /** Extra protected globs on top of `.env`, `.env.*`, `.git`, `.warden`. */
  protectedPaths: z.array(z.string().min(1)).default([]),
  /** read_file output cap, in bytes. */
  maxReadBytes: positive.default(256 * 1024),
  /** Largest file edit_file loads whole. */
  maxEditBytes: positive.default(10 * 1024 * 1024),
  /** Largest image read_file returns as an image part. */
  maxImageBytes: positive.default(5 * 1024 * 1024),
  /** list_files: entries shown at most, and the deepest depth allowed. */
  maxListEntries: positive.default(2000),
  maxListDepth: positive.default(20),
  /** grep: matches shown at most; files larger than this are skipped. */
  maxGrepMatches: positive.default(200),
  maxGrepFileBytes: positive.default(2 * 1024 * 1024),
  /** Honour `.gitignore` files in list_files and grep. */
  respectGitignore: z.boolean().default(true),
  /** The project memory file `remember` appends to. */
  memoryFile: z.string().min(1).default('WARDEN.md'),
  /** The folder `use_skill` reads `<name>/SKILL.md` from. */
  skillsDir: z.string().min(1).default('skills'),
  shell: z
    .strictObject({
      /** Default and largest per-call timeout. */
      timeoutMs: positive.default(120_000),
      maxTimeoutMs: positive.default(600_000),
      /** Output kept (head and tail), in bytes. */
      maxOutputBytes: positive.default(64 * 1024),
      /** More variable names (or `*` globs) to remove from the child's environment. */
      secretEnvNames: z.array(z.string().min(1)).default([]),
      /** The environment to start from (default: this process's). */
      env: z.record(z.string(), z.string().optional()).optional(),
      /** The shell used as `<shell> -c <command>`. */
      shellPath: z.string().min(1).default('/bin/sh'),
      /** Wait after SIGTERM before SIGKILL. */
      killGraceMs: positive.default(2000),
      /** Runs every command through this OS sandbox (`createSandbox({ workspace: root, ... })`); its workspace must be `root`. */
      sandbox: z
        .custom<Sandbox>((v) => typeof v === 'object' && v !== null && typeof (v as Partial<Sandbox>).wrap === 'function', 'sandbox must be an object from createSandbox()')
        .optional(),
    })
    .prefault({}),
  /**
   * Read files that have more than one hard link (default false: refused with
   * `tool.path_hardlinked`, grep skips them). Set it for workspaces whose hard links are trusted,
   * such as pnpm's `node_modules`.
   */
  allowHardLinks: z.boolean().default(false),
  /**
   * Removes secrets from text (governance's `createRedactor().redact`). When set, read_file,
   * grep and shell apply it to the whole text before their caps cut it, so a cut never splits a
   * secret past the redactor. It does not replace redacting tool results afterwards (core's
   * `afterTool` hook): the other tools' outputs are not passed through it here.
   */
  redact: z.custom<(text: string) => string>((v) => typeof v === 'function', 'redact must be a function (text: string) => string').optional(),
  /** Clock for `remember` dates (tests pass a fixed one). */
  now: z.custom<() => Date>((v) => typeof v === 'function', 'now must be a function returning a Date').optional(),
});
export type WorkspaceToolsOptions = z.input<typeof WorkspaceToolsOptions>;
export type ResolvedWorkspaceOptions = z.output<typeof WorkspaceToolsOptions>;

/** Parses options strictly: an unknown key or a wrong value is a ConfigError naming it. */
export function parseWorkspaceOptions(options: WorkspaceToolsOptions): ResolvedWorkspaceOptions {
  const result = WorkspaceToolsOptions.safeParse(options);
  if (result.success) return result.data;
  throw optionsError('workspaceTools', WorkspaceToolsOptions, result.error, 'See the WorkspaceToolsOptions type for the accepted keys.');
}
