import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { CliError } from '../cli/cli-error.js';
import { parseDurationMs } from '../cli/duration.js';
import type { CommandContext } from '../cli/command.js';
import type { RunCommandOptions } from './run-options.js';
import type { HarnessOptions } from '@warden/harness';

/** The workspace: `--workdir`, else the current directory; it must be a directory. */
export function resolveWorkdir(cwd: string, flag: string | undefined): string {
  const dir = path.resolve(cwd, flag ?? '.');
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CliError({ code: 'cli.invalid_value', message: `--workdir ${flag ?? '.'} is not a directory`, key: 'error.notADirectory', params: { flag: '--workdir', dir } });
  }
  return dir;
}

/** A config path, relative to the config file's folder (locations with a scheme are left alone). */
function fromConfig(configDir: string, value: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : path.resolve(configDir, value);
}

/**
 * Flags win over `warden.config.json`, which wins over the environment (read by the provider
 * resolution). The config file's harness keys pass through as they are (the harness validates
 * them again, with every problem at once); paths in it are relative to its own folder.
 */
export function harnessOptionsFrom(ctx: CommandContext<Partial<Omit<RunCommandOptions, 'agent'>>>, workdir: string): HarnessOptions {
  const { options, config, io } = ctx;
  const { packs: _packs, environments: _environments, system, $schema: _schema, audit, sessions, approvals, policies, governance: configuredGovernance, ...file } = config.config;
  const configDir = config.file ? path.dirname(config.file) : io.cwd;
  const out: HarnessOptions = { ...file, workdir, env: io.env, mode: options.mode ?? file.mode ?? 'safe' };
  const approver = options.yes ? 'yes' : options.park ? 'durable' : (file.approver ?? 'none');
  out.approver = approver;
  const provider = options.provider ?? file.provider;
  const model = options.model ?? file.model;
  const baseUrl = options.baseUrl ?? file.baseUrl;
  if (provider) out.provider = provider;
  if (model) out.model = model;
  if (baseUrl) out.baseUrl = baseUrl;
  const sessionLocation = options.sessions ?? (sessions ? fromConfig(configDir, sessions) : undefined);
  if (sessionLocation) out.sessions = sessionLocation;
  if (approvals) out.approvals = fromConfig(configDir, approvals);
  if (policies) out.policies = policies.map((p) => fromConfig(configDir, p));
  // A plugin path is relative to the config file; a package name is looked up from the workspace.
  if (file.providerPlugins) out.providerPlugins = file.providerPlugins.map((entry) => (entry.module.startsWith('.') ? { ...entry, module: path.resolve(configDir, entry.module) } : entry));
  const maxTurns = options.maxTurns ?? file.maxTurns;
  if (maxTurns) out.maxTurns = maxTurns;
  const budget = { ...file.budget, ...(options.budgetTokens !== undefined ? { tokens: options.budgetTokens } : {}), ...(options.budgetUsd !== undefined ? { usd: options.budgetUsd } : {}) };
  if (Object.keys(budget).length > 0) out.budget = budget;
  if (options.planFirst) out.planFirst = true;
  // The work style (issue 47) is its own setting, apart from the safety mode.
  const style = options.style ?? file.style;
  if (style) out.style = style;
  const depth = options.depth ?? file.depth;
  if (depth) out.depth = depth;
  if (options.idleTimeout !== undefined) out.timeouts = { ...file.timeouts, idleMs: Math.round(parseDurationMs(options.idleTimeout)!) };
  const instructions = file.instructions ?? system;
  if (instructions) out.instructions = instructions;
  const governance = governanceFrom(options, configuredGovernance, io.cwd, configDir, workdir);
  if (governance) out.governance = governance;
  if (audit === false) out.audit = false;
  else if (audit) {
    const key = audit.keyEnv ? io.env[audit.keyEnv] : undefined;
    out.audit = { ...(audit.file ? { file: fromConfig(configDir, audit.file) } : {}), ...(key ? { key } : {}) };
  }
  return out;
}

/**
 * The declared governance of a run: `--governance FILE`, else the config's `governance.file`
 * (relative to the config file), else `WORKDIR/governance.yaml` when there is one; `--purpose`
 * and `--jurisdiction` are the run's tags (over the config's defaults).
 */
function governanceFrom(
  options: Partial<Pick<RunCommandOptions, 'governance' | 'purpose' | 'jurisdiction'>>,
  configured: NonNullable<HarnessOptions['governance']> | undefined,
  cwd: string,
  configDir: string,
  workdir: string,
): HarnessOptions['governance'] {
  const found = path.join(workdir, 'governance.yaml');
  const file = options.governance !== undefined ? path.resolve(cwd, options.governance) : configured?.file !== undefined ? fromConfig(configDir, configured.file) : existsSync(found) ? found : undefined;
  if (file === undefined) return undefined;
  const purpose = options.purpose ?? configured?.purpose;
  const jurisdiction = options.jurisdiction ?? configured?.jurisdiction;
  return { ...configured, file, ...(purpose ? { purpose } : {}), ...(jurisdiction ? { jurisdiction } : {}) };
}
