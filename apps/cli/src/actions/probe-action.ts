import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { loadPack, loadPacks, runProbes, type PackLoad, type ProbeProgress } from '@warden/evidence';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import type { ProbeOptions } from '../commands/probe-command.js';
import { textRedactor } from '@warden/harness';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** The containment pack ships with the CLI; `pack:` selectors can name it without installing it in the project. */
async function bundledPacks(cwd: string): Promise<PackLoad[]> {
  try {
    const entry = fileURLToPath(import.meta.resolve('@warden/pack-containment/package.json'));
    return [await loadPack(path.dirname(entry), { cwd })];
  } catch {
    return [];
  }
}

/** `warden probe run TARGET.json --probes FILE|pack:NAME`: agent probes against a target, with their report. */
export async function probeAction(ctx: CommandContext<ProbeOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, target, extra] = positionals;
  if (verb !== 'run') throw verb === undefined ? missingArgument('warden probe', 'run TARGET.json') : unexpectedArgument(verb, 'warden probe');
  if (!target) throw missingArgument('warden probe run', 'TARGET.json');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden probe');
  if (!options.probes) throw missingArgument('warden probe run', '--probes FILE|pack:NAME');
  const byPack = options.probes.startsWith('pack:');
  const loads = byPack
    ? [...(await loadPacks({ cwd: io.cwd, discover: true })), ...(await bundledPacks(io.cwd))]
    : await loadPacks({ cwd: io.cwd, discover: false, packs: [path.resolve(io.cwd, options.probes)] });
  const seen = new Set<string>();
  const unique = loads.filter((load) => (seen.has(load.source) ? false : (seen.add(load.source), true)));
  for (const load of unique) {
    if (load.status === 'error') io.stderr.write(`${style.yellow(t('check.loadFailed', { source: load.source, message: load.error.message }))}\n`);
  }
  const onProgress = (event: ProbeProgress): void => {
    if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
    else if (event.type === 'probe_end') io.stdout.write(`${t('probe.progress', { id: event.id, status: event.status })}\n`);
  };
  const result = await runProbes({
    target: path.resolve(io.cwd, target),
    packs: unique,
    selectors: byPack ? [options.probes] : [],
    outDir: path.resolve(io.cwd, options.out ?? 'out'),
    redact: textRedactor(io.env),
    signal: ctx.signal,
    onProgress,
  });
  const report = path.relative(io.cwd, result.files.html) || result.files.html;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'report', dir: result.dir, files: result.files, exitCode: result.exitCode })}\n`);
  else io.stdout.write(`${t('check.report', { file: report })}\n`);
  return result.exitCode === 0 ? EXIT.done : EXIT.error;
}
