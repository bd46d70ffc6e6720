import path from 'node:path';
import { runProbes, validateTarget, type ProbeProgress } from '@warden/evidence/probes';
import type { PackLoad } from '@warden/evidence';
import type { CommandContext } from '../cli/command.js';
import { EXIT } from '../cli/exit-codes.js';
import { PROBE_VERB_FLAGS, type ProbeOptions } from './probe-options.js';
import { CliError } from '../cli/cli-error.js';
import { kebabCase } from '../cli/option-kinds.js';
import { textRedactor } from '@warden/harness';
import { fit } from '../render/terminal-style.js';
import { loadEvidencePacks } from './evidence-packs.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

/** `warden probe validate-target TARGET.json [--execute]`: loads the target's functions (and with --execute, calls it once and finalizes it). */
async function validateAction(ctx: CommandContext<ProbeOptions>, target: string): Promise<number> {
  const { io, t, style, options } = ctx;
  const result = await validateTarget(path.resolve(io.cwd, target), { execute: options.execute === true });
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'validate_target', ...result })}\n`);
  else if (result.ok) io.stdout.write(`${style.green('✔')} ${t(options.execute ? 'probe.targetExecuted' : 'probe.targetValid', { file: target })}\n`);
  else for (const problem of result.problems) io.stdout.write(`${style.red('✗')} ${problem.code}: ${problem.message}\n`);
  return result.ok ? EXIT.done : EXIT.error;
}

/** A flag another verb of `warden probe` takes is a usage error here, never silently ignored. */
function refuseOtherVerbsFlags(verb: string, options: ProbeOptions): void {
  for (const [owner, keys] of Object.entries(PROBE_VERB_FLAGS)) {
    if (owner === verb) continue;
    const given = keys.find((key) => options[key] !== undefined);
    if (given === undefined) continue;
    const flag = `--${kebabCase(given)}`;
    throw new CliError({ code: 'cli.unknown_flag', message: `${flag} does not apply to warden probe ${verb}`, key: 'error.flagForOtherVerb', params: { flag, command: `warden probe ${verb}` }, hintKey: 'hint.seeHelp', hintParams: { command: 'warden probe' } });
  }
}

/**
 * `pack:NAME` naming a pack that holds cases and no probes (`warden:containment`): the cases run
 * under `warden check`, so say that instead of "the selectors match no probe".
 */
function refuseCasePacks(selectors: readonly string[], loads: readonly PackLoad[]): void {
  for (const selector of selectors) {
    if (!selector.startsWith('pack:')) continue;
    const name = selector.slice('pack:'.length);
    const pack = loads.find((load) => load.status === 'loaded' && load.pack.meta.name === name);
    if (pack?.status !== 'loaded' || pack.pack.probes.length > 0 || pack.pack.cases.length === 0) continue;
    throw new CliError({
      code: 'cli.pack_has_no_probes',
      message: `the pack ${name} holds cases, not probes`,
      key: 'error.packHasNoProbes',
      params: { pack: name, count: pack.pack.cases.length },
      hintKey: 'hint.packHasNoProbes',
      hintParams: { pack: name },
    });
  }
}

/**
 * `warden probe run TARGET.json [SELECTOR…] [--probes FILE|pack:NAME] [--pack FILE…] [--local]`: agent
 * probes against a target, with their report; `warden probe validate-target`; and `warden probe serve`.
 */
export async function probeAction(ctx: CommandContext<ProbeOptions>): Promise<number> {
  const { io, t, style, options, positionals } = ctx;
  const [verb, target, ...selectorArgs] = positionals;
  if (verb === undefined) throw missingArgument('warden probe', 'run TARGET.json');
  if (verb !== 'run' && verb !== 'validate-target' && verb !== 'serve') throw unexpectedArgument(verb, 'warden probe');
  refuseOtherVerbsFlags(verb, options);
  if (verb === 'serve') {
    const { probeServeAction } = await import('./probe-serve-action.js');
    return probeServeAction(ctx, positionals.slice(1));
  }
  if (verb === 'validate-target') {
    if (!target) throw missingArgument('warden probe validate-target', 'TARGET.json');
    if (selectorArgs.length > 0) throw unexpectedArgument(selectorArgs[0]!, 'warden probe validate-target');
    return validateAction(ctx, target);
  }
  // --local is accepted and changes nothing: `probe run` always runs the target on this machine
  // (the spec's `run --local`); only `probe serve` refuses local code targets.
  if (!target) throw missingArgument('warden probe run', 'TARGET.json');
  const probesFile = options.probes !== undefined && !options.probes.startsWith('pack:') ? options.probes : undefined;
  if (options.probes === undefined && selectorArgs.length === 0 && (options.pack ?? []).length === 0) throw missingArgument('warden probe run', '--probes FILE|pack:NAME');
  const loads = await loadEvidencePacks(ctx, probesFile === undefined ? [] : [probesFile]);
  const selectors = [...selectorArgs, ...(options.probes?.startsWith('pack:') ? [options.probes] : [])];
  refuseCasePacks(selectors, loads);
  // A probe file alone means "its probes": select them by the pack it defines.
  const fromFile = probesFile === undefined ? undefined : loads.find((load) => load.source === path.resolve(io.cwd, probesFile));
  if (selectors.length === 0 && fromFile?.status === 'loaded') selectors.push(`pack:${fromFile.pack.meta.name}`);
  const onProgress = (event: ProbeProgress): void => {
    if (options.json) io.stdout.write(`${JSON.stringify(event)}\n`);
    else if (event.type === 'probe_end') {
      io.stdout.write(`${t('probe.progress', { id: event.id, status: event.status })}\n`);
      if (event.status !== 'passed' && event.firstFailure !== undefined) io.stdout.write(`  ${style.red(fit(event.firstFailure, style.width - 3))}\n`);
    }
  };
  const result = await runProbes({
    target: path.resolve(io.cwd, target),
    packs: loads,
    selectors,
    outDir: path.resolve(io.cwd, options.out ?? 'out'),
    redact: textRedactor(io.env),
    signal: ctx.signal,
    onProgress,
  });
  const report = path.relative(io.cwd, result.files.html) || result.files.html;
  if (options.json) io.stdout.write(`${JSON.stringify({ type: 'report', dir: result.dir, files: result.files, exitCode: result.exitCode })}\n`);
  else {
    const finalization = result.report.finalization;
    if (finalization !== undefined && !finalization.ok) {
      for (const part of [finalization.cleanup.error, finalization.close.error]) if (part !== undefined) io.stdout.write(`${style.red('✗')} ${part.name}: ${part.message}\n`);
    }
    io.stdout.write(`${t('check.report', { file: report })}\n`);
  }
  return result.exitCode === 0 ? EXIT.done : EXIT.error;
}
