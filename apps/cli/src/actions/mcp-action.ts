import { createMcpServer } from '@warden/serve';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { McpOptions } from './mcp-options.js';
import { cliVersion } from '../version.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { servedAgents } from './mcp-agents.js';
import { listenFailed, serveKeys, untilStopped, warnIfExposed, withServedAgents } from './serve-agents.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

export const MCP_KEY_ENV = 'WARDEN_MCP_KEY';

/**
 * `warden mcp serve [--stdio | --http PORT]`: serves the configured harness (as `warden`) and
 * any `subagents` named with --agent as MCP tools. Every call runs under the same gate, session
 * store and audit trail as `warden run`; questions park as durable approvals (a calling program
 * is not a person) and the tool result names the `warden approvals` commands that decide them.
 */
export async function mcpAction(ctx: CommandContext<McpOptions>): Promise<number> {
  const { io, t, options, positionals, signal } = ctx;
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
  const keys = overHttp ? serveKeys({ flag: options.key, env: io.env, envName: MCP_KEY_ENV, agents: specs.map((s) => s.name), command: 'warden mcp serve --http' }) : undefined;
  return withServedAgents(specs, keys, async (agents) => {
    const maxRuns = options.maxConcurrent ?? 2;
    const server = await createMcpServer({ agents, name: 'warden', version: cliVersion(), maxConcurrentRuns: maxRuns });
    const names = agents.map((a) => a.name).join(', ');
    try {
      if (!overHttp) {
        // The process's own stdout is the protocol channel: everything for people goes to stderr.
        const running = await server.serveStdio();
        io.stderr.write(`${t('mcp.serveStdio', { agents: names })}\n`);
        await untilStopped(signal, running.closed);
        return EXIT.done;
      }
      const host = options.host ?? '127.0.0.1';
      const running = await server
        .listen({ port: options.http!, host, keys: keys!.server, maxBodyBytes: options.maxBody ?? 64 * 1024, maxConcurrentRequests: maxRuns + 4 })
        .catch(listenFailed(host, options.http));
      warnIfExposed(ctx, host);
      if (options.json) io.stdout.write(`${JSON.stringify({ type: 'mcp_serve_listening', url: running.url, port: running.port, agents: agents.map((a) => a.name) })}\n`);
      else io.stdout.write(`${t('mcp.serveListening', { url: running.url, agents: names })}\n`);
      await untilStopped(signal);
      return EXIT.done;
    } finally {
      await server.close();
    }
  });
}
