import type { CliOutput } from '../cli/io.js';
import type { TerminalStyle } from '../render/terminal-style.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const CLEAR = '\r\u001b[2K';

/**
 * One redrawn line under the output saying what the session waits for ("waiting for the model ·
 * 4s"). Only on a terminal: with `enabled` false (a pipe, `--json`) it never writes anything. Every
 * write through `out` first erases it; it is drawn again only at the start of a line, so it never
 * cuts streamed text. Colour follows the style (NO_COLOR gives a plain line).
 */
export interface StatusLine {
  /** Output that keeps the status line out of the way. */
  readonly out: CliOutput;
  /** Shows (or relabels) the line; the clock restarts when the label changes. */
  set(label: string): void;
  /** Hides it until the next `set` (while a question is asked). */
  pause(): void;
  /** Hides it and stops the timer. */
  stop(): void;
}

export function createStatusLine(base: CliOutput, style: TerminalStyle, enabled: boolean): StatusLine {
  let label: string | undefined;
  let since = 0;
  let frame = 0;
  let drawn = false;
  let atLineStart = true;
  let timer: NodeJS.Timeout | undefined;

  const erase = (): void => {
    if (drawn) base.write(CLEAR);
    drawn = false;
  };
  const draw = (): void => {
    if (!label || !atLineStart) return;
    const seconds = Math.floor((Date.now() - since) / 1000);
    const text = `${FRAMES[frame % FRAMES.length]} ${label}${seconds > 0 ? ` · ${seconds}s` : ''}`;
    frame += 1;
    base.write(`${CLEAR}${style.dim(text.slice(0, Math.max(10, style.width - 1)))}`);
    drawn = true;
  };
  const out: CliOutput = {
    write(text) {
      if (text.length === 0) return;
      erase();
      base.write(text);
      atLineStart = text.endsWith('\n');
    },
    get isTTY() {
      return base.isTTY;
    },
    get columns() {
      return base.columns;
    },
  };
  return {
    out,
    set(next) {
      if (!enabled) return;
      if (next !== label) since = Date.now();
      label = next;
      if (!timer) {
        timer = setInterval(draw, 120);
        timer.unref();
      }
      draw();
    },
    pause() {
      label = undefined;
      erase();
    },
    stop() {
      label = undefined;
      erase();
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
