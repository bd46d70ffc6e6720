import path from 'node:path';
import { textRedactor } from '@warden/harness';
import { CliError } from '../cli/cli-error.js';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { ProbeOptions } from './probe-options.js';
import { isUsableToken, MIN_TOKEN_LENGTH } from '../probe-serve/bearer-token.js';
import { startProbeServer, type RunningProbeServer } from '../probe-serve/probe-server.js';
import { loadEvidencePacks } from './evidence-packs.js';
import { unexpectedArgument } from './usage-errors.js';

export const PROBE_TOKEN_ENV = 'WARDEN_PROBE_TOKEN';
const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);

/** The server's bearer token: --token, else WARDEN_PROBE_TOKEN; the server does not start without a usable one. */
export function probeServeToken(flag: string | undefined, env: NodeJS.ProcessEnv): string {
  const token = flag ?? env[PROBE_TOKEN_ENV];
  if (token === undefined || token === '') {
    throw new CliError({
      code: 'cli.missing_token',
      message: `warden probe serve needs a bearer token: pass --token or set ${PROBE_TOKEN_ENV}`,
      key: 'error.missingToken',
      params: { command: 'warden probe serve', env: PROBE_TOKEN_ENV },
      hintKey: 'hint.probeToken',
      hintParams: { env: PROBE_TOKEN_ENV },
    });
  }
  if (!isUsableToken(token)) {
    throw new CliError({
      code: 'cli.invalid_value',
      message: `the bearer token must be at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -`,
      key: 'error.invalidValue',
      params: { flag: flag === undefined ? PROBE_TOKEN_ENV : '--token', reason: `at least ${MIN_TOKEN_LENGTH} characters of A-Z a-z 0-9 . _ ~ + / -` },
      hintKey: 'hint.probeToken',
      hintParams: { env: PROBE_TOKEN_ENV },
    });
  }
  return token;
}

/**
 * `warden probe serve`: runs probe packs against remote targets (http, mcp) that
 * clients POST, streams progress as NDJSON and stores each run's report under --out.
 * Local code targets are refused. Stays up until Ctrl-C, then lets running probes
 * finish and write their reports.
 */
export async function probeServeAction(ctx: CommandContext<ProbeOptions>, extra: readonly string[]): Promise<number> {
  const { io, t, style, options, signal } = ctx;
  if (extra.length > 0) throw unexpectedArgument(extra[0]!, 'warden probe serve');
  const token = probeServeToken(options.token, io.env);
  const host = options.host ?? '127.0.0.1';
  const outDir = path.resolve(io.cwd, options.out ?? 'out');
  const loads = await loadEvidencePacks(ctx);
  // A request without selectors runs the probes of the --pack packs.
  const explicit = new Set((options.pack ?? []).map((p) => path.resolve(io.cwd, p)));
  const defaultSelectors = loads.flatMap((load) => (load.status === 'loaded' && explicit.has(load.source) && load.pack.probes.length > 0 ? [`pack:${load.pack.meta.name}`] : []));
  let running: RunningProbeServer;
  try {
    running = await startProbeServer({ host, port: options.port ?? 0, token, outDir, maxConcurrent: options.maxConcurrent ?? 2, maxBodyBytes: options.maxBody ?? 64 * 1024, packs: loads, defaultSelectors, redact: textRedactor(io.env), allowTargets: options.allowTarget ?? [] });
  } catch (error) {
    throw new CliError({ code: 'cli.invalid_value', message: `cannot listen on ${host}:${options.port ?? 0}`, key: 'error.invalidValue', params: { flag: '--port', reason: `cannot listen on ${host}:${options.port ?? 0}` }, cause: error });
  }
  if (!LOOPBACK.has(host)) io.stderr.write(`${style.yellow(t('probe.serveExposed', { host }))}\n`);
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'probe_serve_listening', url: running.url, port: running.port, out: outDir, defaultSelectors })}\n`);
  else io.stdout.write(`${t('probe.serveListening', { url: running.url, out: path.relative(io.cwd, outDir) || '.' })}\n`);
  await new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await running.close();
  return EXIT.done;
}
