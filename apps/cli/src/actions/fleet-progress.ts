import type { CliOutput } from '../cli/io.js';
import type { Translator } from '../i18n/translator.js';
import type { ProgressLine } from '../render/progress-line.js';
import { fit, type TerminalStyle } from '../render/terminal-style.js';

export interface FleetProgress {
  started(index: number): void;
  step(index: number, step: number): void;
  finished(index: number, status: string, failed: boolean): void;
  done(): void;
}

/**
 * Live progress: on a terminal, one line per job redrawn in place; in a pipe,
 * one plain line per change (no cursor movement, no colour unless forced). `counts` is the
 * overall line (done/total, failures, time left; on stderr), ticked once per finished job.
 */
export function fleetProgress(out: CliOutput, names: readonly string[], t: Translator, style: TerminalStyle, counts?: ProgressLine): FleetProgress {
  // Plain text, styled only after it is cut to width: `fit` drops control characters, so cutting a
  // styled line would leave `[2m…[22m` without its ESC on the screen.
  const lines: Array<{ text: string; paint: (text: string) => string }> = names.map((name) => ({ text: `${name}: …`, paint: style.dim }));
  let drawn = false;
  const counted = new Set<number>();
  const redraw = (): void => {
    // Back to the first column before going up: the counts line on stderr leaves the cursor at its end.
    out.write(drawn ? `\r\u001b[${lines.length}A` : '\r');
    out.write(lines.map((line) => `\u001b[2K${line.paint(fit(line.text, style.width - 1))}\n`).join(''));
    drawn = true;
  };
  const plain = (text: string): string => text;
  const update = (index: number, text: string): void => {
    lines[index] = { text, paint: plain };
    if (style.tty) redraw();
    else out.write(`${text}\n`);
  };
  return {
    started: (i) => update(i, t('fleet.started', { name: names[i]! })),
    step: (i, step) => update(i, t('fleet.progress', { name: names[i]!, step })),
    finished: (i, status, failed) => {
      update(i, t('fleet.finished', { name: names[i]!, status }));
      // A job reported twice (a queue replays what already finished) is counted once.
      if (!counted.has(i)) counts?.tick(failed);
      counted.add(i);
    },
    done: () => counts?.stop(),
  };
}
