import { createA2AServer, createHarness, type A2aAgent, type Harness } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { A2aOptions } from '../commands/a2a-command.js';
import { isUsableToken, MIN_TOKEN_LENGTH } from '../probe-serve/bearer-token.js';
import { cliVersion } from '../version.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { agentKeyEnv, servedAgents } from './mcp-agents.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

export const A2A_KEY_ENV = 'WARDEN_A2A_KEY';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

function badKey(flag: string): CliError {
  return new CliError({
    code: 'cli.invalid_value',
    message: `the bearer key must be at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`,
    key: 'error.invalidValue',
    params: { flag, reason: `at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -` },
    hintKey: 'hint.mcpKey',
    hintParams: { env: A2A_KEY_ENV },
  });
}

/** --key or WARDEN_A2A_KEY (every agent), and WARDEN_A2A_KEY_<AGENT> (that agent only). */
function httpKeys(flag: string | undefined, env: NodeJS.ProcessEnv, agents: readonly string[]): { server: string[]; perAgent: Map<string, string[]> } {
  const server = flag ?? env[A2A_KEY_ENV];
  if (server !== undefined && server !== '' && !isUsableToken(server)) throw badKey(flag === undefined ? A2A_KEY_ENV : '--key');
  const perAgent = new Map<string, string[]>();
  for (const name of agents) {
    const value = env[agentKeyEnv(name, A2A_KEY_ENV)];
    if (value === undefined || value === '') continue;
    if (!isUsableToken(value)) throw badKey(agentKeyEnv(name, A2A_KEY_ENV));
    perAgent.set(name, [value]);
  }
  if ((server === undefined || server === '') && perAgent.size === 0) {
    throw new CliError({
      code: 'cli.missing_token',
      message: `warden a2a serve needs a bearer key: pass --key or set ${A2A_KEY_ENV}`,
      key: 'error.missingKey',
      params: { command: 'warden a2a serve', env: A2A_KEY_ENV },
      hintKey: 'hint.mcpKey',
      hintParams: { env: A2A_KEY_ENV },
    });
  }
  return { server: server ? [server] : [], perAgent };
}

/**
 * `warden a2a serve --http PORT`: publishes the configured harness (as `warden`) and any
 * `subagents` named with --agent as A2A agents (cards at `/a2a/<name>/.well-known/agent-card.json`).
 * Every task runs under the same gate, session store and audit trail as `warden run`, with
 * sessions owned by `a2a:<agent>`; questions park as durable approvals and the task ends
 * `input-required`, naming the `warden approvals` commands that decide them.
 */
export async function a2aAction(ctx: CommandContext<A2aOptions>): Promise<number> {
  const { io, t, style, options, positionals, signal } = ctx;
  const [verb, extra] = positionals;
  if (verb === undefined) throw missingArgument('warden a2a', 'serve');
  if (verb !== 'serve') throw unexpectedArgument(verb, 'warden a2a');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden a2a serve');
  if (options.http === undefined) throw missingArgument('warden a2a serve', '--http PORT');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const base = { ...harnessOptionsFrom(ctx, workdir), approver: 'durable' as const };
  const specs = servedAgents(base, options.agent, 'a2a');
  const keys = httpKeys(options.key, io.env, specs.map((s) => s.name));
  const harnesses: Harness[] = [];
  try {
    const agents: A2aAgent[] = [];
    for (const spec of specs) {
      const harness = await createHarness(spec.options);
      harnesses.push(harness);
      const agentKeys = keys.perAgent.get(spec.name);
      agents.push({ name: spec.name, description: spec.description, harness, ...(agentKeys ? { keys: agentKeys } : {}) });
    }
    const maxRuns = options.maxConcurrent ?? 2;
    const server = await createA2AServer({ agents, version: cliVersion(), maxConcurrentRuns: maxRuns });
    try {
      const host = options.host ?? '127.0.0.1';
      const running = await server
        .listen({ port: options.http, host, keys: keys.server, maxBodyBytes: options.maxBody ?? 64 * 1024, maxConcurrentRequests: maxRuns + 8, ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}) })
        .catch((error: unknown) => {
          throw new CliError({ code: 'cli.invalid_value', message: `cannot listen on ${host}:${options.http}`, key: 'error.invalidValue', params: { flag: '--http', reason: `cannot listen on ${host}:${options.http}` }, cause: error });
        });
      if (!LOOPBACK.has(host)) io.stderr.write(`${style.yellow(t('mcp.serveExposed', { host }))}\n`);
      if (options.json) io.stdout.write(`${JSON.stringify({ type: 'a2a_serve_listening', url: running.url, port: running.port, agents: running.agentUrls })}\n`);
      else io.stdout.write(`${t('a2a.serveListening', { url: running.url, agents: Object.values(running.agentUrls).join(', ') })}\n`);
      await new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener('abort', () => resolve(), { once: true })));
      return EXIT.done;
    } finally {
      await server.close();
    }
  } finally {
    for (const harness of harnesses) await harness.close();
  }
}
