import type { Interface } from 'node:readline/promises';
import type { Harness } from '@warden/harness';
import type { CommandContext } from '../cli/command.js';
import type { Translator } from '../i18n/translator.js';
import type { EventRenderer } from '../render/event-renderer.js';
import type { TerminalStyle } from '../render/terminal-style.js';
import type { EventBacklog } from './event-backlog.js';
import type { SessionRules } from './session-rules.js';
import type { StatusLine } from './status-line.js';

/** What an interactive session knows between lines. */
export interface ReplState {
  t: Translator;
  harness: Harness;
  sessionId?: string;
  totals: { input: number; output: number; cost: number };
  running?: AbortController;
  /** The current task's drain: aborted by the first Ctrl-C (the step in flight finishes and is recorded). */
  stopping?: AbortController;
  /** The current task's renderer (the approver ends its open line before asking). */
  renderer?: EventRenderer;
  /** What the status line says while the current task runs. */
  waitingFor?: string;
  /** Ctrl-C presses since the last line typed. */
  interrupts: number;
  exitCode: number;
  /** "Always" answers given in this session (`/permissions`). */
  rules: SessionRules;
}

/** The fixed parts of an interactive session. */
export interface ReplDeps {
  ctx: CommandContext<object>;
  rl: Interface;
  style: TerminalStyle;
  status: StatusLine;
  backlog: EventBacklog;
  /** Writes one line (through the status line, so it never cuts it). */
  write(text: string): void;
}
