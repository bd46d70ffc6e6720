import path from 'node:path';
import { textRedactor } from '@warden/harness';
import { compareResults, loadResults, loadSuite, runSuite, saveResults, type Comparison, type EvalResults, type TaskComparison } from '@warden/eval';
import type { CommandContext } from '../cli/command.js';
import { CliError } from '../cli/cli-error.js';
import { EXIT } from '../cli/exit-codes.js';
import type { EvalCommandOptions } from './eval-options.js';
import type { Translator } from '../i18n/translator.js';
import { agentUnderTest } from './agent-under-test.js';
import { resolveWorkdir } from './cli-harness-options.js';
import { missingArgument, unexpectedArgument } from './usage-errors.js';

const pct = (rate: number): string => `${(rate * 100).toFixed(2)}%`;
const signed = (rate: number): string => `${rate >= 0 ? '+' : '-'}${(Math.abs(rate) * 100).toFixed(2)}%`;

function taskLine(task: TaskComparison, t: Translator): string {
  if (!task.baseline) return t('eval.newTask', { verdict: task.verdict, id: task.id, to: pct(task.current!.passRate) });
  if (!task.current) return t('eval.missingTask', { verdict: task.verdict, id: task.id, from: pct(task.baseline.passRate) });
  const line = t('eval.taskLine', { verdict: task.verdict.padEnd(9), id: task.id, from: pct(task.baseline.passRate), to: pct(task.current.passRate), delta: signed(task.delta!) });
  const s = task.significance!;
  if (task.delta === 0) return line;
  if (s.test === 'none') return `${line}  ${t('eval.singleRun')}`;
  return `${line}  ${t(s.significant ? 'eval.significant' : 'eval.notSignificant', { p: s.p.toFixed(3), alpha: String(s.alpha) })}`;
}

function renderComparison(comparison: Comparison, baseline: EvalResults, current: EvalResults, t: Translator): string {
  const { totals } = comparison;
  return [
    t('eval.compareTitle', { suite: current.suite, current: current.label ?? '-', repeat: current.repeat, baseline: baseline.label ?? '-', baselineRepeat: baseline.repeat }),
    ...comparison.tasks.map((task) => `  ${taskLine(task, t)}`),
    t('eval.total', { from: pct(totals.baseline), to: pct(totals.current), delta: signed(totals.delta), regressed: totals.regressed, improved: totals.improved, unchanged: totals.unchanged }),
  ].join('\n');
}

function renderResults(results: EvalResults, t: Translator): string {
  return [
    t('eval.resultsTitle', { suite: results.suite, label: results.label ?? '-', repeat: results.repeat }),
    ...results.tasks.map((task) => `  ${t('eval.resultLine', { status: task.status.toUpperCase().padEnd(7), id: task.id, passed: task.passed, runs: task.runs, rate: pct(task.passRate) })}${task.firstFailure ? ` — ${t('eval.firstFailure', { check: task.firstFailure })}` : ''}`),
  ].join('\n');
}

/** `warden eval SUITE [--blueprint FILE --agent NAME --agent-version V] [--baseline FILE | --baseline-version V] [--save FILE] [--repeat k]`. */
export async function evalAction(ctx: CommandContext<EvalCommandOptions>): Promise<number> {
  const { io, t, options, positionals } = ctx;
  const [file, extra] = positionals;
  if (!file) throw missingArgument('warden eval', 'SUITE');
  if (extra !== undefined) throw unexpectedArgument(extra, 'warden eval');
  if (options.baselineVersion !== undefined && options.blueprint === undefined) {
    throw new CliError({ code: 'cli.missing_value', message: '--baseline-version needs --blueprint', key: 'eval.baselineVersionNeedsBlueprint' });
  }
  if (options.baselineVersion !== undefined && options.baseline !== undefined) throw unexpectedArgument('--baseline', 'warden eval');
  const workdir = resolveWorkdir(io.cwd, options.workdir);
  const suite = await loadSuite(path.resolve(io.cwd, file));
  const outDir = path.resolve(io.cwd, options.out ?? 'out');
  const redact = textRedactor(io.env);

  const evaluate = async (version: string | undefined): Promise<{ results: EvalResults; dir: string }> => {
    const harness = await agentUnderTest(ctx, workdir, { ...(options.blueprint ? { blueprint: options.blueprint } : {}), ...(options.agent ? { agent: options.agent } : {}), ...(version ? { version } : {}) });
    try {
      const run = await runSuite(suite, { agent: harness, repeat: options.repeat ?? 1, outDir, redact, signal: ctx.signal, ...(options.agent ? { agentName: options.agent } : {}), ...(version ? { label: version } : {}) });
      return { results: run.results, dir: run.dir };
    } finally {
      await harness.close();
    }
  };

  const baseline = options.baseline ? await loadResults(path.resolve(io.cwd, options.baseline)) : options.baselineVersion ? (await evaluate(options.baselineVersion)).results : undefined;
  const current = await evaluate(options.agentVersion);
  if (options.save) await saveResults(path.resolve(io.cwd, options.save), current.results);
  const comparison = baseline ? compareResults(baseline, current.results) : undefined;

  if (options.json) {
    const { render: _render, ...plain } = comparison ?? { render: undefined };
    io.stdout.write(`${JSON.stringify({ results: current.results, ...(comparison ? { comparison: plain } : {}), reports: current.dir })}\n`);
  } else {
    io.stdout.write(`${baseline && comparison ? renderComparison(comparison, baseline, current.results, t) : renderResults(current.results, t)}\n`);
    if (options.save) io.stdout.write(`${t('eval.saved', { file: options.save })}\n`);
    const relative = path.relative(io.cwd, current.dir);
    io.stdout.write(`${t('eval.reports', { dir: relative.startsWith('..') ? current.dir : relative || '.' })}\n`);
  }
  // CI: with a baseline, only a regression fails; without one, any task that did not pass every run.
  if (comparison) return comparison.regressed ? EXIT.error : EXIT.done;
  return current.results.tasks.every((task) => task.status === 'passed') ? EXIT.done : EXIT.error;
}
