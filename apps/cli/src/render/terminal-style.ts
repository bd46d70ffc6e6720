import type { CliOutput } from '../cli/io.js';

export interface TerminalStyle {
  readonly color: boolean;
  /** True when the output is a terminal: spinners and live lines are allowed. */
  readonly tty: boolean;
  readonly width: number;
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  green(text: string): string;
  yellow(text: string): string;
  cyan(text: string): string;
}

/**
 * Colour only when it is wanted: `--color`/`--no-color` first, then `NO_COLOR`
 * (any non-empty value), then `FORCE_COLOR`, then whether the output is a terminal.
 */
export function wantsColor(out: CliOutput, env: NodeJS.ProcessEnv, flag?: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false', ''].includes(force.toLowerCase());
  return out.isTTY && env.TERM !== 'dumb';
}

/** Lines are not cut when the output is not a terminal (a pipe, a CI log) and COLUMNS is not set. */
const UNLIMITED = 1_000_000;

export function terminalWidth(out: CliOutput, env: NodeJS.ProcessEnv): number {
  if (out.columns && out.columns > 0) return out.columns;
  const fromEnv = Number.parseInt(env.COLUMNS ?? '', 10);
  if (Number.isFinite(fromEnv) && fromEnv > 20) return fromEnv;
  // A CI log or a file keeps the whole reason; only a terminal of unknown width gets 80.
  return out.isTTY ? 80 : UNLIMITED;
}

export function terminalStyle(out: CliOutput, env: NodeJS.ProcessEnv, flag?: boolean): TerminalStyle {
  const color = wantsColor(out, env, flag);
  const paint = (open: number, close: number) => (text: string) => (color ? `\u001b[${open}m${text}\u001b[${close}m` : text);
  return {
    color,
    tty: out.isTTY,
    width: terminalWidth(out, env),
    bold: paint(1, 22),
    dim: paint(2, 22),
    red: paint(31, 39),
    green: paint(32, 39),
    yellow: paint(33, 39),
    cyan: paint(36, 39),
  };
}

// C0 controls except tab and newline, DEL, and C1 controls: what a terminal would act on.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g;

/** Removes control characters (escape sequences included) from text that came from a model or a tool. */
export function printable(text: string): string {
  return text.replace(CONTROL, '');
}

/** Cuts text to a width on one line, marking the cut. */
export function fit(text: string, width: number): string {
  const line = printable(text).replace(/\s+/g, ' ').trim();
  if (width < 2 || line.length <= width) return line;
  return `${line.slice(0, width - 1)}…`;
}
