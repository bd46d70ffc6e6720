import { scopeHostText } from '@warden/protocol/net';
import type { RunEvent, RunEventOf } from '@warden/protocol';
import type { CliOutput } from '../cli/io.js';
import type { MessageKey } from '../i18n/catalog-types.js';
import type { Translator } from '../i18n/translator.js';
import { refusalOf, type Refusal } from '../actions/refusals.js';
import { describeDecision } from './describe-decision.js';
import { describeError } from './describe-error.js';
import { describeHandoffRefusal } from './describe-handoff-refusal.js';
import { describeNoticeReason } from './describe-notice.js';
import { describeChangeSet } from './describe-change-set.js';
import { describeTaint } from './describe-taint.js';
import { describeNewSource, describeSources, describeTodos } from './describe-progress.js';
import { firstLine, formatCost, resultText, summarizeArgs } from './summarize.js';
import { fit, printable, type TerminalStyle } from './terminal-style.js';

export interface EventRendererOptions {
  out: CliOutput;
  t: Translator;
  style: TerminalStyle;
  /** Only the final answer and problems. */
  quiet?: boolean;
}

/** Renders run events for a person: streamed text, each tool call with its decision and a short result. */
export interface EventRenderer {
  render(event: RunEvent): void;
  /** Ends a line left open by streamed text. */
  flush(): void;
}

/** One line naming what a run's scope authorizes (`scope: README.md (task), docs/** (config)`). */
export function describeScope(scope: RunEventOf<'scope'>['scope'], t: Translator): string {
  const entries = [...scope.paths.map((p) => `${p.kind === 'dir' ? `${p.pattern}/` : p.pattern} (${p.origin})`), ...scope.hosts.map((h) => `${scopeHostText(h)} (${h.origin})`)];
  return entries.length === 0 ? t('render.scopeNone') : t('render.scope', { entries: entries.join(', ') });
}

export function createEventRenderer(options: EventRendererOptions): EventRenderer {
  const { out, t, style } = options;
  const quiet = options.quiet === true;
  const calls = new Map<string, RunEventOf<'tool_call'>>();
  let atLineStart = true;
  let streamedStep = -1;
  const refused: Refusal[] = [];
  let ledger: NonNullable<RunEventOf<'progress'>['sources']> = [];

  const line = (text: string): void => {
    if (!atLineStart) out.write('\n');
    out.write(`${text}\n`);
    atLineStart = true;
  };
  const width = (): number => Math.max(20, style.width - 4);

  function decision(event: RunEventOf<'tool_decision'>): void {
    const call = calls.get(event.callId);
    const what = fit(`${event.name} ${call ? summarizeArgs(event.name, call.args) : ''}`, Math.floor(width() * 0.6));
    const { effect, rule } = event.decision;
    const because = t('render.because', { reason: describeDecision(event.decision, t), rule });
    if (effect === 'allow') {
      if (!quiet) line(`${style.cyan('●')} ${style.bold(what)} ${style.dim(`· ${t('render.decision.allow')}`)}`);
      return;
    }
    if (effect === 'deny') {
      line(`${style.red('✖')} ${style.bold(what)} ${style.red(`· ${t('render.decision.deny')}`)} ${style.dim(fit(because, width()))}`);
      return;
    }
    const answer = event.approval;
    const refusal = refusalOf(event);
    if (refusal) refused.push(refusal);
    if (quiet && answer?.outcome === 'approved') return;
    let verdict: string;
    if (!answer) verdict = t('render.approval.none');
    else if (answer.outcome === 'approved') verdict = style.green(t(answer.automatic ? 'render.approval.automatic' : 'render.approval.approved', { by: answer.by ?? '' }));
    else if (answer.outcome === 'pending') verdict = style.yellow(t('render.approval.pending'));
    else verdict = style.red(t('render.approval.denied'));
    line(`${style.yellow('?')} ${style.bold(what)} ${style.dim(`· ${t('render.decision.ask')}`)} → ${verdict} ${style.dim(fit(because, width()))}`);
  }

  function result(event: RunEventOf<'tool_result'>): void {
    if (quiet && !event.isError) return;
    if (event.status === 'denied') return; // the decision line already said why
    const { line: first, lines } = firstLine(resultText(event.content));
    const status = t(`render.status.${event.status}` as MessageKey);
    const size = lines === 0 ? t('render.result.empty') : t('render.result.lines', { count: lines });
    const head = `  ↳ ${status} · ${size}`;
    // A failed call's library text is English: say it by its code in the user's language when the catalog knows it (issue 47).
    const code = event.isError ? /^Tool \S+ failed \[([a-z_]+\.[a-z_]+)\]/.exec(first ?? '')?.[1] : undefined;
    const shown = code !== undefined && t.has(`code.${code}`) ? `${t(`code.${code}` as MessageKey)} [${code}]` : first;
    const preview = shown ? ` · ${fit(shown, Math.max(10, width() - head.length))}` : '';
    line(event.isError ? style.red(`${head}${preview}`) : style.dim(`${head}${preview}`));
  }

  function end(event: RunEventOf<'run_end'>): void {
    if (quiet && event.stopReason === 'done') {
      if (streamedStep < 0 && event.output) line(printable(event.output));
      return;
    }
    const summary = [
      t('render.steps', { count: event.steps }),
      t('render.tokens', { count: event.usage.inputTokens + event.usage.outputTokens }),
      formatCost(event.costUsd),
    ].join(' · ');
    // A run that finished while changes it asked for were refused is not "done": say what and why.
    const refusedDone = event.stopReason === 'done' && refused.length > 0;
    let reason = refusedDone ? t('render.stop.refused', { count: refused.length }) : t(`render.stop.${event.stopReason}` as MessageKey, { message: event.error ? describeError(event.error, t).message : '' });
    if (event.error) reason += ` [${event.error.code}]${event.error.code.startsWith('provider.') ? ` — ${t('hint.provider')}` : ''}`;
    const mark = event.stopReason === 'done' && !refusedDone ? style.green('✔') : event.stopReason === 'error' ? style.red('✖') : style.yellow('■');
    line(`${mark} ${reason} ${style.dim(`· ${summary}`)}`);
    if (refusedDone) {
      for (const r of refused) {
        const reason = describeDecision({ effect: 'ask', ...r }, t);
        // The exit-4 message names the effect class refused (issue 34).
        const text = r.requiresPerson === true && r.effectClass !== undefined && t.has(`effect.${r.effectClass}`)
          ? t('render.refusedClass', { tool: r.tool, effectClassName: t(`effect.${r.effectClass}` as MessageKey), reason, rule: r.rule })
          : t('render.refused', { tool: r.tool, reason, rule: r.rule });
        line(style.yellow(`  ${text}`));
      }
      // `--yes` cannot answer what needs a person: do not suggest it then.
      line(style.dim(`  ${t(refused.some((r) => r.requiresPerson === true) ? 'render.refusedHintPerson' : 'render.refusedHint')}`));
    }
    refused.length = 0;
  }

  return {
    flush() {
      if (!atLineStart) {
        out.write('\n');
        atLineStart = true;
      }
    },
    render(event) {
      switch (event.type) {
        case 'run_start':
          if (!quiet) line(style.dim(t('render.runStart', { provider: event.provider, model: event.model, session: event.sessionId ?? '-' })));
          break;
        case 'text_delta':
          if (quiet) break;
          out.write(printable(event.text));
          atLineStart = event.text.endsWith('\n');
          streamedStep = event.step;
          break;
        case 'assistant_message':
          if (!atLineStart) {
            out.write('\n');
            atLineStart = true;
          }
          break;
        case 'tool_call':
          calls.set(event.callId, event);
          break;
        case 'tool_decision':
          decision(event);
          break;
        case 'tool_result':
          result(event);
          break;
        case 'compaction':
          if (!quiet) line(style.dim(t('render.compaction', { before: event.tokensBefore, after: event.tokensAfter })));
          break;
        case 'warning': {
          // In another language a known code is said in that language, with core's English as a separate detail line (issue 47).
          const key = `warning.${event.code}`;
          if (t.lang !== 'en' && t.has(key)) {
            line(style.yellow(`${t('render.warning', { message: t(key) })} [${event.code}]`));
            line(style.dim(`  ${event.message}`));
          } else line(style.yellow(t('render.warning', { message: event.message })));
          break;
        }
        case 'approval_pending':
          line(style.yellow(t('render.pending', { id: event.request.id, tool: event.request.call.name })));
          line(style.dim(t('render.pendingHint', { id: event.request.id })));
          break;
        case 'provider_notice': {
          if (quiet) break;
          const n = event.notice;
          line(
            style.dim(
              n.type === 'retry'
                ? t('render.retry', { provider: n.provider, attempt: n.attempt, seconds: Math.round(n.delayMs / 100) / 10, reason: fit(describeNoticeReason(n, t), 80) })
                : t('render.switch', { from: n.from, to: n.to, reason: fit(describeNoticeReason(n, t), 80) }),
            ),
          );
          break;
        }
        case 'taint':
          line(style.yellow(t('render.taint', { source: event.source, reason: describeTaint(event, t) })));
          break;
        case 'scope':
          if (!quiet) line(style.dim(describeScope(event.scope, t)));
          break;
        case 'subagent':
          if (!quiet) line(style.dim(t(event.phase === 'start' ? 'render.subagentStart' : 'render.subagentEnd', { agent: event.agent })));
          break;
        case 'handoff': {
          const { from, to } = event.handoff;
          if (event.receipt.status === 'accepted') line(style.cyan(t('render.handoff', { from, to })));
          else line(style.yellow(t('render.handoffRefused', { from, to, reason: fit(describeHandoffRefusal(event, t), 120) })));
          break;
        }
        case 'change_set':
          if (!quiet || event.changes.some((c) => c.effectClass !== 'ordinary')) for (const text of describeChangeSet(event, t)) line(style.dim(text));
          break;
        case 'progress':
          // The cowork todo list, shown whole each time it changes; the research ledger, one line per new source.
          if (event.todos && !quiet) for (const text of describeTodos(event, t, style)) line(text);
          if (event.sources) {
            ledger = event.sources;
            const added = describeNewSource(event, t);
            if (added && !quiet) line(style.dim(added));
          }
          break;
        case 'run_end':
          // A research run's answer is followed by its ledger, so every [n] it cites can be looked up.
          if (ledger.length > 0) for (const text of describeSources(ledger, t)) line(style.dim(text));
          ledger = [];
          end(event);
          break;
        default:
          break;
      }
    },
  };
}
