import type { ApprovalAnswer, ApprovalRequest, ApproverV1 } from '@warden/protocol';
import type { CliOutput } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import { summarizeArgs } from '../render/summarize.js';
import { fit, type TerminalStyle } from '../render/terminal-style.js';

/** Asks one question on the terminal and resolves with the line typed (rejects when cancelled). */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string>;

export interface TtyApproverOptions {
  ask: AskLine;
  out: CliOutput;
  t: Translator;
  style: TerminalStyle;
  /** Who answers, recorded in the approval (default: the OS user name or "terminal"). */
  by?: string;
}

const YES = new Set(['y', 'yes']);

/**
 * A person at the terminal decides each `ask`: the tool, its arguments and the
 * rule are shown, and only an explicit yes approves. Questions are asked one at
 * a time even when calls run in parallel; an error or a cancel counts as no.
 */
export function ttyApprover(options: TtyApproverOptions): ApproverV1 {
  const { style, out } = options;
  let queue: Promise<unknown> = Promise.resolve();

  async function askOnce(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    // Read each time: the REPL can switch language between questions.
    const t = options.t;
    const yes = new Set([...YES, t('approve.yes').toLowerCase(), t('common.yes').toLowerCase()]);
    const at = new Date().toISOString();
    const by = options.by ?? 'terminal';
    if (signal.aborted) return { outcome: 'denied', by, at, note: 'cancelled' };
    const what = fit(summarizeArgs(request.call.name, request.call.args), Math.max(20, style.width - 20));
    out.write(`${style.yellow('?')} ${style.bold(t('approve.question', { tool: request.call.name, what }))}\n`);
    const args = JSON.stringify(request.call.args, null, 2).split('\n').slice(0, 12).map((line) => `    ${fit(line, style.width - 6)}`);
    out.write(`${style.dim(args.join('\n'))}\n`);
    out.write(`  ${style.dim(fit(t('approve.rule', { rule: request.decision.rule, reason: request.decision.reason }), style.width - 4))}\n`);
    // Provenance: a person asked to approve must see when the request came from file content, not from them.
    const provenance = request.decision.provenance;
    if (provenance?.taintSource) out.write(`  ${style.yellow(fit(t('approve.from', { source: provenance.taintSource }), style.width - 4))}\n`);
    if (provenance?.scopeEntry) out.write(`  ${style.dim(fit(t('approve.scope', { entry: provenance.scopeEntry }), style.width - 4))}\n`);
    try {
      const answer = (await options.ask(`  ${t('approve.choices')} › `, signal)).trim().toLowerCase();
      return yes.has(answer) ? { outcome: 'approved', by, at } : { outcome: 'denied', by, at };
    } catch {
      return { outcome: 'denied', by, at, note: 'no answer' };
    }
  }

  return {
    specificationVersion: 'v1',
    kind: 'person',
    approve(request, { signal }) {
      const next = queue.then(() => askOnce(request, signal));
      queue = next.catch(() => undefined);
      return next;
    },
  };
}
