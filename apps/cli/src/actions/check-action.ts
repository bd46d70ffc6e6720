import path from 'node:path';
import { listCases, loadPacks, runChecks, type RunProgress } from '@warden/evidence';
import type { CommandContext } from '../cli/command.js';
import { parseDurationMs } from '../cli/duration.js';
import { EXIT } from '../cli/exit-codes.js';
import type { CheckOptions } from '../commands/check-command.js';
import { textRedactor } from '@warden/harness';
import { renderTable } from '../render/table.js';
import { fit } from '../render/terminal-style.js';
import { missingArgument } from './usage-errors.js';

/** `warden check SELECTOR…` and `warden check list SELECTOR`: the evidence runner with a live progress line. */
export async function checkAction(ctx: CommandContext<CheckOptions>): Promise<number> {
  const { io, t, style, options } = ctx;
  const listing = ctx.positionals[0] === 'list';
  const selectors = listing ? ctx.positionals.slice(1) : ctx.positionals;
  if (!listing && selectors.length === 0) throw missingArgument('warden check', 'SELECTOR');
  const { config, file } = ctx.config;
  const configDir = file ? path.dirname(file) : io.cwd;
  const fromConfig = (config.packs ?? []).map((spec) => {
    const [source, packOptions] = typeof spec === 'string' ? [spec, undefined] : spec;
    const resolved = source.startsWith('.') ? path.resolve(configDir, source) : source;
    return packOptions === undefined ? resolved : ([resolved, packOptions] as const);
  });
  const loads = await loadPacks({ cwd: io.cwd, discover: true, packs: [...fromConfig, ...(options.pack ?? []).map((p) => path.resolve(io.cwd, p))] });
  for (const load of loads) {
    if (load.status === 'error') io.stderr.write(`${style.yellow(t('check.loadFailed', { source: load.source, message: load.error.message }))}\n`);
  }
  if (listing) {
    const { items } = listCases({ packs: loads, selectors });
    if (options.json) for (const item of items) io.stdout.write(`${JSON.stringify(item)}\n`);
    else io.stdout.write(renderTable([t('column.id'), t('column.title'), 'PACK'], items.map((i) => [i.id, i.title, i.pack]), style));
    return EXIT.done;
  }
  const schedule = options.soak
    ? {
        mode: 'soak' as const,
        ...(options.for ? { forMs: parseDurationMs(options.for)! } : {}),
        ...(options.pause ? { pauseMs: parseDurationMs(options.pause)! } : {}),
        ...(options.iterations ? { iterations: options.iterations } : {}),
      }
    : { mode: 'once' as const, ...(options.repeat ? { repeat: options.repeat } : {}) };
  let total = 0;
  let done = 0;
  const onProgress = (event: RunProgress): void => {
    if (options.json) {
      io.stdout.write(`${JSON.stringify(event)}\n`);
      return;
    }
    if (event.type === 'run_start') total = event.cases;
    if (event.type !== 'case_end') return;
    done += 1;
    const line = t('check.progress', { done, total, id: event.id, status: event.status });
    if (style.tty) io.stdout.write(`\r\u001b[2K${fit(line, style.width - 1)}`);
    else io.stdout.write(`${line}\n`);
  };
  const result = await runChecks({
    packs: loads,
    selectors,
    ...(options.env ? { env: options.env } : {}),
    ...(config.environments ? { environments: config.environments } : {}),
    schedule,
    outDir: path.resolve(io.cwd, options.out ?? 'out'),
    redact: textRedactor(io.env),
    signal: ctx.signal,
    onProgress,
  });
  if (style.tty && !options.json) io.stdout.write('\n');
  const report = path.relative(io.cwd, result.files.html) || result.files.html;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'report', dir: result.dir, files: result.files, exitCode: result.exitCode })}\n`);
  else io.stdout.write(`${t('check.report', { file: report })}\n`);
  return result.exitCode === 0 ? EXIT.done : EXIT.error;
}
