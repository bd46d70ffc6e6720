import { startMcpServers, type McpServerEntry, type StartedMcpServers } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { McpOptions } from './mcp-options.js';
import { renderTable } from '../render/table.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { mcpServersOf, openEditableConfig, saveMcpServers, type EditableConfig } from './mcp-config-file.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

export const MCP_CONFIG_VERBS = ['list', 'add', 'remove', 'pin'] as const;
const SERVER_NAME = /^[a-zA-Z][a-zA-Z0-9_-]{0,31}$/;

function invalid(flag: string, reason: string): CliError {
  return new CliError({ code: 'cli.invalid_value', message: `${flag}: ${reason}`, key: 'error.invalidValue', params: { flag, reason } });
}

/** `KEY=VALUE` pairs of a repeatable flag. */
function pairs(values: readonly string[] | undefined, flag: string): Record<string, string> | undefined {
  if (!values || values.length === 0) return undefined;
  const out: Record<string, string> = {};
  for (const value of values) {
    const eq = value.indexOf('=');
    if (eq <= 0) throw invalid(flag, `"${value}" is not KEY=VALUE`);
    out[value.slice(0, eq)] = value.slice(eq + 1);
  }
  return out;
}

function transportOf(entry: McpServerEntry): string {
  return entry.url ?? [entry.command ?? '', ...(entry.args ?? [])].join(' ');
}

/** `warden mcp list | add | remove | pin`: the MCP servers of the config file, as `claude mcp` manages its own. */
export async function mcpConfigAction(ctx: CommandContext<McpOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [verb, ...rest] = positionals as [(typeof MCP_CONFIG_VERBS)[number], ...string[]];
  const config = openEditableConfig(ctx.config.file, io.cwd);
  const servers = { ...mcpServersOf(config) };
  const write = (text: string): void => io.stdout.write(`${text}\n`);

  if (verb === 'list') {
    if (rest.length > 0) throw unexpectedArgument(rest[0]!, 'warden mcp list');
    const entries = Object.entries(servers);
    if (options.json) {
      for (const [name, entry] of entries) write(JSON.stringify({ name, ...entry }));
      return EXIT.done;
    }
    if (entries.length === 0) {
      write(t('mcp.none', { file: config.file }));
      return EXIT.done;
    }
    const rows = entries.map(([name, entry]) => [name, entry.url ? 'http' : 'stdio', transportOf(entry), entry.trust ?? 'untrusted', (entry.tools ?? ['*']).join(', '), t.number(Object.keys(entry.pins ?? {}).length)]);
    io.stdout.write(renderTable([t('column.name'), t('column.transport'), t('column.target'), t('column.trust'), t('column.tools'), t('column.pins')], rows, ctx.style));
    return EXIT.done;
  }

  if (verb === 'remove') {
    const [name, extra] = rest;
    if (!name) throw missingArgument('warden mcp remove', 'NAME');
    if (extra !== undefined) throw unexpectedArgument(extra, 'warden mcp remove');
    if (!(name in servers)) throw invalid('NAME', t('mcp.unknown', { name, file: config.file }));
    delete servers[name];
    saveMcpServers(config, servers);
    write(t('mcp.removed', { name, file: config.file }));
    return EXIT.done;
  }

  if (verb === 'add') {
    const name = addServer(ctx, config, servers, rest, write);
    return checkAdded(ctx, servers, name, write);
  }
  return pinServers(ctx, config, servers, rest, write);
}

function addServer(ctx: CommandContext<McpOptions>, config: EditableConfig, servers: Record<string, McpServerEntry>, rest: string[], write: (text: string) => void): string {
  const { options, t } = ctx;
  const [name, target, ...args] = rest;
  if (!name) throw missingArgument('warden mcp add', 'NAME');
  if (!SERVER_NAME.test(name)) throw invalid('NAME', t('mcp.badName', { name }));
  if (!target) throw missingArgument('warden mcp add', 'URL | -- COMMAND [ARGS…]');
  if (name in servers) throw invalid('NAME', t('mcp.exists', { name, file: config.file }));
  const isUrl = /^https?:\/\//i.test(target);
  if (isUrl && args.length > 0) throw unexpectedArgument(args[0]!, 'warden mcp add');
  if (isUrl && options.env?.length) throw invalid('--env', t('mcp.envNeedsStdio'));
  if (!isUrl && options.header?.length) throw invalid('--header', t('mcp.headerNeedsHttp'));
  const env = pairs(options.env, '--env');
  const headers = pairs(options.header, '--header');
  const entry: McpServerEntry = {
    ...(isUrl ? { url: target } : { command: target, ...(args.length > 0 ? { args } : {}) }),
    ...(env ? { env } : {}),
    ...(headers ? { headers } : {}),
    trust: options.trust ?? 'untrusted',
    ...(options.tool?.length ? { tools: options.tool } : {}),
  };
  servers[name] = entry;
  saveMcpServers(config, servers);
  write(t('mcp.added', { name, transport: isUrl ? 'http' : 'stdio', file: config.file }));
  write(ctx.style.dim(t('mcp.addedNext', { name })));
  return name;
}

/**
 * Starts configured servers exactly as `warden run` would (#47): the run's harness options from
 * the config and flags (sandbox, allowed hosts, workdir, env), with the servers as edited here.
 */
function startAsRun(ctx: CommandContext<McpOptions>, servers: Record<string, McpServerEntry>, only: readonly string[], ignorePins: boolean): Promise<StartedMcpServers> {
  const workdir = resolveWorkdir(ctx.io.cwd, ctx.options.workdir);
  return startMcpServers({ ...harnessOptionsFrom(ctx, workdir), mcpServers: servers }, { only, ignorePins });
}

/** After `add`: the new server, started as a run starts it; a failure is said (with its code) and is exit 1, the entry stays saved. */
async function checkAdded(ctx: CommandContext<McpOptions>, servers: Record<string, McpServerEntry>, name: string, write: (text: string) => void): Promise<number> {
  const { t } = ctx;
  const started = await startAsRun(ctx, servers, [name], true);
  try {
    const failure = started.failures.find((f) => f.server === name && f.tool === undefined);
    if (failure !== undefined) {
      ctx.io.stderr.write(`${ctx.style.red(t('mcp.addStartFailed', { name, message: `${failure.code}: ${failure.message}` }))}\n`);
      return EXIT.error;
    }
    const where = t(started.sandboxed && servers[name]?.url === undefined && servers[name]?.sandbox !== false ? 'mcp.startedWhere.sandbox' : 'mcp.startedWhere.plain');
    write(t('mcp.started', { name, where, count: started.tools.length }));
    return EXIT.done;
  } finally {
    await started.close();
  }
}

/** Starts each server as a run would (same sandbox and env), takes the fingerprint of every tool it lists, and saves them as its pins. */
async function pinServers(ctx: CommandContext<McpOptions>, config: EditableConfig, servers: Record<string, McpServerEntry>, names: string[], write: (text: string) => void): Promise<number> {
  const { t } = ctx;
  const chosen = names.length > 0 ? names : Object.keys(servers);
  if (chosen.length === 0) throw missingArgument('warden mcp pin', 'NAME (no server is configured)');
  for (const name of chosen) if (!(name in servers)) throw invalid('NAME', t('mcp.unknown', { name, file: config.file }));
  const set = await startAsRun(ctx, servers, chosen, true);
  let failed = false;
  try {
    const prints = set.fingerprints;
    for (const failure of set.failures) {
      failed = true;
      ctx.io.stderr.write(`${ctx.style.red(t('mcp.pinFailed', { name: failure.server, message: failure.message }))}\n`);
    }
    for (const name of chosen) {
      if (set.failures.some((f) => f.server === name)) continue;
      const pins: Record<string, string> = {};
      for (const [tool, print] of Object.entries(prints)) if (tool.startsWith(`${name}__`)) pins[tool.slice(name.length + 2)] = print;
      servers[name] = { ...servers[name]!, pins };
      write(ctx.options.json ? JSON.stringify({ name, pins }) : t('mcp.pinned', { name, count: Object.keys(pins).length }));
    }
  } finally {
    await set.close();
  }
  saveMcpServers(config, servers);
  return failed ? EXIT.error : EXIT.done;
}
