import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError } from '@warden/protocol';
import { didYouMean } from '@warden/protocol/checks';
import { JsonValue } from '@warden/protocol/schemas';
import { HarnessConfig } from '@warden/harness';
import { z } from 'zod';
import { keysAt } from './config-keys.js';
import { findRepoRoot } from './repo-root.js';

export const CONFIG_FILE_NAME = 'warden.config.json';

/**
 * `warden.config.json`: the harness's own `HarnessConfig` (one schema for config files, flags and
 * library callers) plus what only the CLI reads (evidence packs and environments). Strict, so a
 * misspelt key is an error that names it. `system` is the older name of `instructions`.
 */
export const WardenConfig = HarnessConfig.omit({ workdir: true }).extend({
  /** Evidence packs for `warden check`/`probe`: a path or package name, or `[specifier, options]`. */
  packs: z.array(z.union([z.string().min(1), z.tuple([z.string().min(1), z.unknown()])])).optional(),
  /** Named environments for `warden check --env NAME`, merged over the packs' own. */
  environments: z.record(z.string(), z.record(z.string(), JsonValue)).optional(),
  /** Deprecated: the older name of `instructions`. */
  system: z.string().optional(),
});
export type WardenConfig = z.infer<typeof WardenConfig>;

export interface LoadedConfig {
  config: WardenConfig;
  /** The file it came from; undefined when there was none. */
  file?: string;
}

function keyPath(pathParts: readonly PropertyKey[]): string {
  return pathParts.map(String).join('.') || '(root)';
}

/** Validates a parsed config value; every problem names its key. */
export function parseConfig(value: unknown, file: string): WardenConfig {
  const result = WardenConfig.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    const given = issue.keys[0] ?? '';
    const key = keyPath([...issue.path, given]);
    const guess = didYouMean(given, keysAt(WardenConfig, issue.path));
    throw new ConfigError({
      code: 'config.unknown_key',
      message: `${path.basename(file)}: unknown key "${key}"`,
      hint: guess
        ? `did you mean "${keyPath([...issue.path, guess])}"?`
        : `remove "${key}" or check its spelling; see the README for the keys warden.config.json takes`,
    });
  }
  const key = keyPath(issue.path);
  throw new ConfigError({ code: 'config.invalid', message: `${path.basename(file)}: "${key}" is invalid: ${issue.message}`, hint: `fix "${key}" in ${file}` });
}

/** Finds and validates the config: an explicit file, else the current directory, else the repository root. */
export function loadConfig(cwd: string, explicit?: string): LoadedConfig {
  let file: string | undefined;
  if (explicit) {
    file = path.resolve(cwd, explicit);
    if (!existsSync(file)) throw new ConfigError({ code: 'config.invalid', message: `config file not found: ${explicit}`, hint: 'check the --config path' });
  } else {
    const candidates = [path.join(cwd, CONFIG_FILE_NAME)];
    const root = findRepoRoot(cwd);
    if (root) candidates.push(path.join(root, CONFIG_FILE_NAME));
    file = candidates.find((candidate) => existsSync(candidate));
  }
  if (!file) return { config: {} };
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new ConfigError({ code: 'config.invalid', message: `${path.basename(file)} is not valid JSON`, hint: `fix the JSON syntax in ${file}`, cause });
  }
  return { config: parseConfig(value, file), file };
}
