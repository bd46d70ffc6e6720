import { loadShellAnalyzer, type GrantableAnalysis } from '@warden/governance';
import { terminalSafe } from '@warden/protocol/vocabulary';
import type { ApprovalAnswer, ApprovalRequest, ApproverV1, JsonObject } from '@warden/protocol';
import type { CliOutput } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import { describeDecision } from '../render/describe-decision.js';
import { summarizeArgs } from '../render/summarize.js';
import { fit, printable, type TerminalStyle } from '../render/terminal-style.js';
import { approvalPreview, paintPreview } from '../render/approval-preview.js';
import { wrapText } from '../render/wrap-text.js';
import { isOrdinaryEffect } from './ordinary-effect.js';
import { describeRule, ruleFor, type SessionRules } from '../repl/session-rules.js';

/** Asks one question on the terminal and resolves with the line typed (rejects when cancelled). */
export type AskLine = (question: string, signal: AbortSignal) => Promise<string>;

export interface TtyApproverOptions {
  ask: AskLine;
  out: CliOutput;
  t: Translator;
  style: TerminalStyle;
  /** Who answers, recorded in the approval (default: the OS user name or "terminal"). */
  by?: string;
  /** "Always" answers for this session: offered as a choice and consulted before asking. */
  rules?: SessionRules;
  /** Runs before anything is printed (the REPL waits until the call's own line is on screen). */
  before?: (request: ApprovalRequest, signal: AbortSignal) => Promise<void>;
  /** Runs after the answer (the REPL resumes its status line). */
  after?: () => void;
  /** The workspace, to show an edit as a diff of the file (read each time: the REPL sets it once the harness exists). */
  workdir?: string;
  /** The workspace shell commands are parsed against for "always" grants (default the current directory). */
  workspace?: string;
}

const YES = new Set(['y', 'yes']);
const ALWAYS = new Set(['a', 'always']);
const NO = new Set(['', 'n', 'no']);

/**
 * A person at the terminal decides each `ask`: the tool, its arguments and the
 * rule are shown (an edit as a diff, a new file as its first lines), and only an explicit yes
 * (or "always", which adds a session rule) approves. A letter that is no choice asks again;
 * words are a no whose text the model reads as the denial.
 * Questions are asked one at a time even when calls run in parallel; an error or
 * a cancel counts as no.
 */
export function ttyApprover(options: TtyApproverOptions): ApproverV1 {
  const { style, out } = options;
  let queue: Promise<unknown> = Promise.resolve();
  // "Always" grants a shell command on its parsed form (governance's shell grant), never on its text.
  let analyzer: ReturnType<typeof loadShellAnalyzer> | undefined;
  async function parsedCommand(args: JsonObject): Promise<GrantableAnalysis | undefined> {
    const command = typeof args.command === 'string' ? args.command : typeof args.cmd === 'string' ? args.cmd : undefined;
    if (command === undefined || !options.rules) return undefined;
    try {
      return (await (analyzer ??= loadShellAnalyzer())).analyze(command, { workspace: options.workspace ?? options.workdir ?? process.cwd() });
    } catch {
      return undefined;
    }
  }

  async function askOnce(request: ApprovalRequest, signal: AbortSignal): Promise<ApprovalAnswer> {
    // Read each time: the REPL can switch language between questions.
    const t = options.t;
    const at = new Date().toISOString();
    const by = options.by ?? 'terminal';
    if (signal.aborted) return { outcome: 'denied', by, at, note: 'cancelled' };
    const { name, args } = request.call;
    // A session rule never answers for a call that may come from untrusted content (a file, a page, a
    // tool description): that one is asked. The session's own earlier output ("session:history") is
    // what the person watched, so it does not stop a rule.
    const taint = request.decision.provenance?.taintSource;
    const rules = taint && taint !== 'session:history' && !isOrdinaryEffect(request) ? undefined : options.rules;
    const analysis = rules ? await parsedCommand(args) : undefined;
    const rule = rules?.find(name, args, analysis);
    if (rule) return { outcome: 'approved', by, at, note: `allowed for this session by ${describeRule(rule)}` };
    await options.before?.(request, signal);
    try {
      writeQuestion(request, t);
      const offer = rules ? ruleFor(name, args, analysis) : undefined;
      const choices = offer ? t('approve.choicesAlways', { rule: terminalSafe(describeRule(offer)) }) : t('approve.choices');
      for (;;) {
        const typed = (await options.ask(`  ${choices} › `, signal)).trim();
        const answer = typed.toLowerCase();
        const yes = new Set([...YES, t('approve.yes').toLowerCase(), t('common.yes').toLowerCase()]);
        if (yes.has(answer)) return { outcome: 'approved', by, at };
        const always = ALWAYS.has(answer) || answer === t('approve.always').toLowerCase();
        if (offer && always) {
          rules!.add(offer);
          return { outcome: 'approved', by, at, note: `allowed for this session by ${describeRule(offer)}` };
        }
        if (NO.has(answer) || answer === t('approve.no').toLowerCase()) return { outcome: 'denied', by, at };
        // A single letter that is none of the choices is a slip of the finger: ask again, never a "no" with it as the reason.
        if ([...typed].length === 1 || always) {
          out.write(`  ${style.yellow(t('approve.again', { typed: printable(typed) }))}\n`);
          continue;
        }
        // Words are a "no" with the reason: the model reads it as the denial.
        return { outcome: 'denied', by, at, note: typed };
      }
    } catch {
      return { outcome: 'denied', by, at, note: 'no answer' };
    } finally {
      options.after?.();
    }
  }

  /** A line that may be long, wrapped under a two-space margin instead of cut. */
  function wrapped(text: string, paint: (text: string) => string): void {
    for (const line of wrapText(text, style.width - 2, '    ')) out.write(`  ${paint(line)}\n`);
  }

  function writeQuestion(request: ApprovalRequest, t: Translator): void {
    // Every string that came from a model, a tool or a file goes through the vocabulary's terminalSafe:
    // escapes, bidi overrides and zero-width characters are shown as `\u…`, never acted on.
    const what = fit(terminalSafe(summarizeArgs(request.call.name, request.call.args)), Math.max(20, style.width - 20));
    out.write(`${style.yellow('?')} ${style.bold(t('approve.question', { tool: terminalSafe(request.call.name), what }))}\n`);
    const preview = approvalPreview(request.call.name, request.call.args, options.workdir);
    if (preview) {
      // An edit is shown as what it changes: a diff of the file, or the first lines of a new one.
      if (preview.kind === 'create') out.write(`  ${style.dim(t('approve.newFile'))}\n`);
      const width = Math.max(20, style.width - 6);
      for (const line of paintPreview({ ...preview, lines: preview.lines.map((l) => (l.length > width ? `${l.slice(0, width - 1)}…` : l)) }, style)) out.write(`    ${line}\n`);
      if (preview.omitted > 0) out.write(`    ${style.dim(t('approve.moreLines', { count: preview.omitted }))}\n`);
    } else {
      const args = terminalSafe(JSON.stringify(request.call.args, null, 2)).split('\n').slice(0, 12).map((line) => `    ${fit(line, style.width - 6)}`);
      out.write(`${style.dim(args.join('\n'))}\n`);
    }
    wrapped(t('approve.rule', { rule: terminalSafe(request.decision.rule), reason: terminalSafe(describeDecision(request.decision, t)) }), style.dim);
    // Provenance: a person asked to approve must see when the request came from file content, not from them.
    const provenance = request.decision.provenance;
    if (provenance?.taintSource) wrapped(t('approve.from', { source: terminalSafe(provenance.taintSource) }), style.yellow);
    if (provenance?.scopeEntry) wrapped(t('approve.scope', { entry: terminalSafe(provenance.scopeEntry) }), style.dim);
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
