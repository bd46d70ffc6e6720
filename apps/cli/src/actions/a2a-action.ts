import { createA2AServer } from '@warden/serve';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { A2aOptions } from './a2a-options.js';
import { cliVersion } from '../version.js';
import { harnessOptionsFrom, resolveWorkdir } from './cli-harness-options.js';
import { servedAgents } from './mcp-agents.js';
import { listenFailed, serveKeys, untilStopped, warnIfExposed, withServedAgents } from './serve-agents.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

export const A2A_KEY_ENV = 'WARDEN_A2A_KEY';
/** The HMAC key that signs push notifications: from the environment only, never a flag (it would show in `ps`). */
export const A2A_PUSH_KEY_ENV = 'WARDEN_A2A_PUSH_KEY';

/**
 * `warden a2a serve --http PORT`: publishes the configured harness (as `warden`) and any
 * `subagents` named with --agent as A2A agents (cards at `/a2a/<name>/.well-known/agent-card.json`).
 * Every task runs under the same gate, session store and audit trail as `warden run`, with
 * sessions owned by `a2a:<agent>`; questions park as durable approvals and the task ends
 * `input-required`, naming the `warden approvals` commands that decide them.
 */
export async function a2aAction(ctx: CommandContext<A2aOptions>): Promise<number> {
  const { io, t, options, positionals, signal } = ctx;
  const [verb, extra] = positionals;
  if (verb === undefined) throw missingArgument('warden a2a', 'serve');
  if (verb !== 'serve') throw unexpectedArgument(verb, 'warden a2a');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden a2a serve');
  if (options.http === undefined) throw missingArgument('warden a2a serve', '--http PORT');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const base = { ...harnessOptionsFrom(ctx, workdir), approver: 'durable' as const };
  const specs = servedAgents(base, options.agent, 'a2a');
  const keys = serveKeys({ flag: options.key, env: io.env, envName: A2A_KEY_ENV, agents: specs.map((s) => s.name), command: 'warden a2a serve' });
  const pushKey = io.env[A2A_PUSH_KEY_ENV];
  if (options.pushAllow?.length && !pushKey) throw missingArgument('warden a2a serve --push-allow', A2A_PUSH_KEY_ENV);
  return withServedAgents(specs, keys, async (agents) => {
    const maxRuns = options.maxConcurrent ?? 2;
    const maxQueue = options.maxQueue ?? 0;
    const server = await createA2AServer({
      agents,
      version: cliVersion(),
      maxConcurrentRuns: maxRuns,
      maxQueue,
      ...(options.retryAfter ? { retryAfterSeconds: options.retryAfter } : {}),
      ...(options.pushAllow?.length && pushKey ? { push: { signingKey: pushKey, allowedUrlPrefixes: options.pushAllow } } : {}),
    });
    try {
      const host = options.host ?? '127.0.0.1';
      const running = await server
        .listen({ port: options.http!, host, keys: keys.server, maxBodyBytes: options.maxBody ?? 64 * 1024, maxConcurrentRequests: maxRuns + maxQueue + 8, ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}) })
        .catch(listenFailed(host, options.http));
      warnIfExposed(ctx, host);
      if (options.json) io.stdout.write(`${JSON.stringify({ type: 'a2a_serve_listening', url: running.url, port: running.port, agents: running.agentUrls })}\n`);
      else io.stdout.write(`${t('a2a.serveListening', { url: running.url, agents: Object.values(running.agentUrls).join(', ') })}\n`);
      await untilStopped(signal);
      return EXIT.done;
    } finally {
      await server.close();
    }
  });
}
