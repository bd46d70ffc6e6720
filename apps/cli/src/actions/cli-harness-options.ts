import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from '../commands/run-command.js';
import type { HarnessOptions } from '@warden/harness';

/** The workspace: `--workdir`, else the current directory; it must be a directory. */
export function resolveWorkdir(cwd: string, flag: string | undefined): string {
  const dir = path.resolve(cwd, flag ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CliError({ code: 'cli.invalid_value', message: `--workdir ${flag ?? '.'} is not a directory`, key: 'error.invalidValue', params: { flag: '--workdir', reason: `${dir} is not a directory` } });
  }
  return dir;
}

/** Flags win over `warden.config.json`, which wins over the environment (read by the provider resolution). */
export function harnessOptionsFrom(ctx: CommandContext<Partial<RunCommandOptions>>, workdir: string): HarnessOptions {
  const { options, config, io } = ctx;
  const file = config.config;
  const configDir = config.file ? path.dirname(config.file) : io.cwd;
  const budget = { tokens: options.budgetTokens ?? file.budget?.tokens, usd: options.budgetUsd ?? file.budget?.usd };
  const sessions = options.sessions ?? (file.sessions && !/^[a-z]+:/i.test(file.sessions) ? path.resolve(configDir, file.sessions) : file.sessions);
  const out: HarnessOptions = { workdir, env: io.env, mode: options.mode ?? file.mode ?? 'safe', approver: options.yes ? 'yes' : options.park ? 'durable' : 'none' };
  const providerName = options.provider ?? file.provider;
  const model = options.model ?? file.model;
  const baseUrl = options.baseUrl ?? file.baseUrl;
  if (providerName) out.provider = providerName;
  if (model) out.model = model;
  if (baseUrl) out.baseUrl = baseUrl;
  if (sessions) out.sessions = sessions;
  const maxTurns = options.maxTurns ?? file.maxTurns;
  if (maxTurns) out.maxTurns = maxTurns;
  if (budget.tokens !== undefined || budget.usd !== undefined) out.budget = budget;
  if (file.system) out.instructions = file.system;
  if (file.shell?.timeoutMs) out.shell = { timeoutMs: file.shell.timeoutMs };
  if (file.audit) {
    const key = file.audit.keyEnv ? io.env[file.audit.keyEnv] : undefined;
    out.audit = { ...(file.audit.path ? { file: path.resolve(configDir, file.audit.path) } : {}), ...(key ? { key } : {}) };
  }
  return out;
}
