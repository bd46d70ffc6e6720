import { createHarness, type Harness } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { isUsableToken, MIN_TOKEN_LENGTH } from '../probe-serve/bearer-token.js';
import type { ServedAgentSpec } from './mcp-agents.js';

/**
 * What `warden mcp serve --http` and `warden a2a serve` share: bearer keys from a flag and the
 * environment, one harness per served agent (all closed on the way out), a listen error that
 * names the address, the warning for a non-loopback host, and waiting for Ctrl-C.
 */

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const KEY_RULE = `at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`;

export interface ServeKeys {
  /** Keys every agent accepts. */
  server: string[];
  /** Keys one agent accepts, by agent name. */
  perAgent: Map<string, string[]>;
}

/** The variable holding one agent's own key: `<env>_<NAME>`, upper-cased, other characters as `_`. */
function agentKeyEnv(name: string, envName: string): string {
  return `${envName}_${name.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;
}

function badKey(flag: string, env: string): CliError {
  return new CliError({
    code: 'cli.invalid_value',
    message: `the bearer key must be ${KEY_RULE}`,
    key: 'error.invalidValue',
    params: { flag, reason: KEY_RULE },
    hintKey: 'hint.mcpKey',
    hintParams: { env },
  });
}

/** `--key` or `<env>` (every agent) and `<env>_<AGENT>` (that agent only); at least one is required. */
export function serveKeys(input: { flag: string | undefined; env: NodeJS.ProcessEnv; envName: string; agents: readonly string[]; command: string }): ServeKeys {
  const { flag, env, envName } = input;
  const server = flag ?? env[envName];
  if (server !== undefined && server !== '' && !isUsableToken(server)) throw badKey(flag === undefined ? envName : '--key', envName);
  const perAgent = new Map<string, string[]>();
  for (const name of input.agents) {
    const variable = agentKeyEnv(name, envName);
    const value = env[variable];
    if (value === undefined || value === '') continue;
    if (!isUsableToken(value)) throw badKey(variable, envName);
    perAgent.set(name, [value]);
  }
  if ((server === undefined || server === '') && perAgent.size === 0) {
    throw new CliError({
      code: 'cli.missing_token',
      message: `${input.command} needs a bearer key: pass --key or set ${envName}`,
      key: 'error.missingKey',
      params: { command: input.command, env: envName },
      hintKey: 'hint.mcpKey',
      hintParams: { env: envName },
    });
  }
  return { server: server ? [server] : [], perAgent };
}

export interface ServedAgent {
  name: string;
  description: string;
  harness: Harness;
  keys?: string[];
}

/** Builds one harness per agent, hands them to `serve`, and closes every one afterwards (also after a failure). */
export async function withServedAgents<T>(
  specs: readonly ServedAgentSpec[],
  keys: ServeKeys | undefined,
  serve: (agents: ServedAgent[]) => Promise<T>,
): Promise<T> {
  const agents: ServedAgent[] = [];
  try {
    for (const spec of specs) {
      const harness = await createHarness(spec.options);
      const agentKeys = keys?.perAgent.get(spec.name);
      agents.push({ name: spec.name, description: spec.description, harness, ...(agentKeys ? { keys: agentKeys } : {}) });
    }
    return await serve(agents);
  } finally {
    for (const agent of agents) await agent.harness.close();
  }
}

/** Turns a failed listen into a usage error that names the address. */
export function listenFailed(host: string, port: number | undefined): (error: unknown) => never {
  return (error) => {
    const reason = `cannot listen on ${host}:${port}`;
    throw new CliError({ code: 'cli.invalid_value', message: reason, key: 'error.invalidValue', params: { flag: '--http', reason }, cause: error });
  };
}

/** Warns on stderr when the server answers beyond this machine. */
export function warnIfExposed(ctx: Pick<CommandContext<unknown>, 'io' | 't' | 'style'>, host: string): void {
  if (!LOOPBACK.has(host)) ctx.io.stderr.write(`${ctx.style.yellow(ctx.t('mcp.serveExposed', { host }))}\n`);
}

/** Resolves on Ctrl-C (the command's signal) or when `closed` settles. */
export function untilStopped(signal: AbortSignal, closed?: Promise<void>): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal.aborted) return resolve();
    signal.addEventListener('abort', () => resolve(), { once: true });
    void closed?.then(resolve);
  });
}
