import { createHarness, createMcpServer, type Harness, type McpAgent } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { McpOptions } from '../commands/mcp-command.js';
import { isUsableToken, MIN_TOKEN_LENGTH } from '../probe-serve/bearer-token.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { agentKeyEnv, servedAgents } from './mcp-agents.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';
import { cliVersion } from '../version.js';

export const MCP_KEY_ENV = 'WARDEN_MCP_KEY';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function badKey(flag: string): CliError {
  return new CliError({
    code: 'cli.invalid_value',
    message: `the bearer key must be at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`,
    key: 'error.invalidValue',
    params: { flag, reason: `at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -` },
    hintKey: 'hint.mcpKey',
    hintParams: { env: MCP_KEY_ENV },
  });
}

/** The keys HTTP callers use: --key or WARDEN_MCP_KEY (every agent), and WARDEN_MCP_KEY_<AGENT> (that agent only). */
function httpKeys(flag: string | undefined, env: NodeJS.ProcessEnv, agents: readonly string[]): { server: string[]; perAgent: Map<string, string[]> } {
  const server = flag ?? env[MCP_KEY_ENV];
  if (server !== undefined && server !== '' && !isUsableToken(server)) throw badKey(flag === undefined ? MCP_KEY_ENV : '--key');
  const perAgent = new Map<string, string[]>();
  for (const name of agents) {
    const value = env[agentKeyEnv(name)];
    if (value === undefined || value === '') continue;
    if (!isUsableToken(value)) throw badKey(agentKeyEnv(name));
    perAgent.set(name, [value]);
  }
  if ((server === undefined || server === '') && perAgent.size === 0) {
    throw new CliError({
      code: 'cli.missing_token',
      message: `warden mcp serve --http needs a bearer key: pass --key or set ${MCP_KEY_ENV}`,
      key: 'error.missingKey',
      params: { command: 'warden mcp serve --http', env: MCP_KEY_ENV },
      hintKey: 'hint.mcpKey',
      hintParams: { env: MCP_KEY_ENV },
    });
  }
  return { server: server ? [server] : [], perAgent };
}

function waitFor(signal: AbortSignal, closed?: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    void closed?.then(resolve);
  });
}

/**
 * `warden mcp serve [--stdio | --http PORT]`: serves the configured harness (as `warden`) and
 * any `subagents` named with --agent as MCP tools. Every call runs under the same gate, session
 * store and audit trail as `warden run`; questions park as durable approvals (a calling program
 * is not a person) and the tool result names the `warden approvals` commands that decide them.
 */
export async function mcpAction(ctx: CommandContext<McpOptions>): Promise<number> {
  const { io, t, style, options, positionals, signal } = ctx;
  const [verb, extra] = positionals;
  if (verb === undefined) throw missingArgument('warden mcp', 'serve | list | add | remove | pin');
  if (['list', 'add', 'remove', 'pin'].includes(verb)) return (await import('./mcp-config-action.js')).mcpConfigAction(ctx);
  if (verb !== 'serve') throw unexpectedArgument(verb, 'warden mcp');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden mcp serve');
  if (options.stdio && options.http !== undefined) throw unexpectedArgument('--stdio', 'warden mcp serve');
  const overHttp = options.http !== undefined;
  if (!overHttp && (options.host !== undefined || options.key !== undefined || options.maxBody !== undefined)) {
    const flag = options.host !== undefined ? '--host' : options.key !== undefined ? '--key' : '--max-body';
    throw new CliError({ code: 'cli.unknown_flag', message: `${flag} applies to warden mcp serve --http only`, key: 'error.flagForOtherVerb', params: { flag, command: 'warden mcp serve --stdio' }, hintKey: 'hint.seeHelp', hintParams: { command: 'warden mcp' } });
  }
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const base = { ...harnessOptionsFrom(ctx, workdir), approver: 'durable' as const };
  const specs = servedAgents(base, options.agent);
  const keys = overHttp ? httpKeys(options.key, io.env, specs.map((s) => s.name)) : undefined;
  const harnesses: Harness[] = [];
  try {
    const agents: McpAgent[] = [];
    for (const spec of specs) {
      const harness = await createHarness(spec.options);
      harnesses.push(harness);
      const agentKeys = keys?.perAgent.get(spec.name);
      agents.push({ name: spec.name, description: spec.description, harness, ...(agentKeys ? { keys: agentKeys } : {}) });
    }
    const maxRuns = options.maxConcurrent ?? 2;
    const server = await createMcpServer({ agents, name: 'warden', version: cliVersion(), maxConcurrentRuns: maxRuns });
    const names = agents.map((a) => a.name).join(', ');
    try {
      if (!overHttp) {
        // The process's own stdout is the protocol channel: everything for people goes to stderr.
        const running = await server.serveStdio();
        io.stderr.write(`${t('mcp.serveStdio', { agents: names })}\n`);
        await waitFor(signal, running.closed);
        return EXIT.done;
      }
      const host = options.host ?? '127.0.0.1';
      const running = await server
        .listen({ port: options.http!, host, keys: keys!.server, maxBodyBytes: options.maxBody ?? 64 * 1024, maxConcurrentRequests: maxRuns + 4 })
        .catch((error: unknown) => {
          throw new CliError({ code: 'cli.invalid_value', message: `cannot listen on ${host}:${options.http}`, key: 'error.invalidValue', params: { flag: '--http', reason: `cannot listen on ${host}:${options.http}` }, cause: error });
        });
      if (!LOOPBACK.has(host)) io.stderr.write(`${style.yellow(t('mcp.serveExposed', { host }))}\n`);
      if (options.json) io.stdout.write(`${JSON.stringify({ type: 'mcp_serve_listening', url: running.url, port: running.port, agents: agents.map((a) => a.name) })}\n`);
      else io.stdout.write(`${t('mcp.serveListening', { url: running.url, agents: names })}\n`);
      await waitFor(signal);
      return EXIT.done;
    } finally {
      await server.close();
    }
  } finally {
    for (const harness of harnesses) await harness.close();
  }
}
