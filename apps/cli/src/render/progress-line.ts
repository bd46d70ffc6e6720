import type { CliIo } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import { fit, terminalStyle, type TerminalStyle } from './terminal-style.js';

/** Where a long run stands. `total` is absent when the run is bounded by time, not by count. */
export interface ProgressCounts {
  done: number;
  failed: number;
  total?: number;
}

/** Time left, from the average so far; undefined until one item is done (no guess from nothing). */
export function estimateRemainingMs(counts: ProgressCounts, elapsedMs: number): number | undefined {
  if (counts.total === undefined || counts.done <= 0 || elapsedMs < 0) return undefined;
  if (counts.done >= counts.total) return 0;
  return Math.round((elapsedMs / counts.done) * (counts.total - counts.done));
}

/** `42s`, `3m 05s`, `1h 02m`: short enough for one line, exact enough to plan a coffee. */
export function formatDuration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  if (seconds < 60) return `${seconds}s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ${String(seconds % 60).padStart(2, '0')}s`;
  return `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`;
}

/** The progress line's text, plain (no escapes): counts, failures, time spent and, when known, time left. */
export function progressText(label: string, counts: ProgressCounts, elapsedMs: number, t: Translator): string {
  const elapsed = formatDuration(elapsedMs);
  if (counts.total === undefined) return t('progress.open', { label, done: counts.done, failed: counts.failed, elapsed });
  const left = estimateRemainingMs(counts, elapsedMs);
  if (left === undefined) return t('progress.estimating', { label, done: counts.done, total: counts.total, failed: counts.failed, elapsed });
  return t('progress.counted', { label, done: counts.done, total: counts.total, failed: counts.failed, elapsed, left: formatDuration(left) });
}

export interface ProgressLine {
  /** True when the line is redrawn in place (a terminal that understands it). */
  readonly live: boolean;
  /** One more item finished. */
  tick(failed: boolean): void;
  setTotal(total: number): void;
  /** Writes lasting output (a failure's reason) above the live line: clears it, writes, redraws. */
  above(write: () => void): void;
  /** Clears the live line (a terminal) so what follows starts on a clean line. */
  stop(): void;
}

export interface ProgressOptions {
  label: string;
  total?: number;
  t: Translator;
  /** Progress is written here (stderr: stdout stays the command's output, `--json` stays clean). */
  out: CliIo['stderr'];
  style: TerminalStyle;
  /** `TERM=dumb` understands no cursor codes: it gets the plain lines. */
  dumb?: boolean;
  /** Not a terminal: print a plain line at most this often (0: never). */
  plainEveryMs?: number;
  /** Redraw interval on a terminal, so the elapsed time moves while nothing finishes. */
  redrawEveryMs?: number;
  now?: () => number;
}

/**
 * One progress line for long runs (fleet, soak, containment). On a terminal it is redrawn
 * in place (`\r`, erase line) and cut to width before it is painted, so a cut never splits
 * an escape sequence; elsewhere it prints a plain line now and then, without any escape.
 */
export function createProgressLine(options: ProgressOptions): ProgressLine {
  const now = options.now ?? Date.now;
  const started = now();
  const counts: ProgressCounts = { done: 0, failed: 0, ...(options.total === undefined ? {} : { total: options.total }) };
  const live = options.style.tty && options.dumb !== true;
  const plainEvery = options.plainEveryMs ?? 10_000;
  let lastPlain = started;
  let drawn = false;
  const text = (): string => progressText(options.label, counts, now() - started, options.t);
  const draw = (): void => {
    options.out.write(`\r\u001b[2K${options.style.dim(fit(text(), options.style.width - 1))}`);
    drawn = true;
  };
  const timer = live && (options.redrawEveryMs ?? 1000) > 0 ? setInterval(draw, options.redrawEveryMs ?? 1000) : undefined;
  timer?.unref();
  const changed = (): void => {
    if (live) draw();
    else if (plainEvery > 0 && now() - lastPlain >= plainEvery) {
      lastPlain = now();
      options.out.write(`${text()}\n`);
    }
  };
  return {
    live,
    tick(failed) {
      counts.done += 1;
      if (failed) counts.failed += 1;
      changed();
    },
    setTotal(total) {
      counts.total = total;
    },
    above(write) {
      if (drawn) options.out.write('\r\u001b[2K');
      write();
      if (drawn) draw();
    },
    stop() {
      if (timer) clearInterval(timer);
      if (drawn) options.out.write('\r\u001b[2K');
      drawn = false;
    },
  };
}

/** The progress line of a command: on stderr, styled for stderr (NO_COLOR, --no-color), silent under --json off a terminal. */
export function commandProgress(io: CliIo, t: Translator, options: { label: string; total?: number; json: boolean; color?: boolean; plainLines?: boolean }): ProgressLine {
  const style = terminalStyle(io.stderr, io.env, options.color);
  return createProgressLine({
    label: options.label,
    ...(options.total === undefined ? {} : { total: options.total }),
    t,
    out: io.stderr,
    style,
    dumb: io.env.TERM === 'dumb',
    // Machine output (--json) stays exactly what it was off a terminal; commands that already print
    // a plain line per change in a pipe (fleet, check) pass plainLines: false.
    plainEveryMs: options.json || options.plainLines === false ? 0 : 10_000,
  });
}
