import type { z } from 'zod';
import type { LoadedConfig } from '../config/config-file.js';
import type { MessageKey } from '../i18n/catalog-types.js';
import type { Translator } from '../i18n/translator.js';
import type { TerminalStyle } from '../render/terminal-style.js';
import type { GlobalOptions } from './global-options.js';
import type { CliIo } from './io.js';

export interface CommandContext<O> {
  options: O & GlobalOptions;
  positionals: string[];
  io: CliIo;
  t: Translator;
  style: TerminalStyle;
  /** Aborted by the first Ctrl-C (a second one exits with 130); for a command that `drains`, by the second. */
  signal: AbortSignal;
  /** For a command that `drains`: aborted by the first Ctrl-C, asking the run to finish its step and stop. */
  stopSignal: AbortSignal;
  /** `warden.config.json`, validated (empty when there is none). */
  config: LoadedConfig;
}

/** One `warden` command: loaded lazily, so unrelated commands cost nothing at start-up. */
export interface CommandModule<S extends z.ZodObject = z.ZodObject> {
  name: string;
  summary: MessageKey;
  /** The usage line, e.g. `warden sessions [list|show ID|delete ID]`. */
  usage: MessageKey;
  /** Strict: a flag that is not here is a usage error that names it. */
  options: S;
  /**
   * True when the command drains on the first Ctrl-C (`ctx.stopSignal`: the run finishes the step in
   * flight and stops), aborts on the second (`ctx.signal`) and exits with 130 on the third.
   */
  drains?: boolean;
  /** Short flags: letter → option key. */
  aliases?: Record<string, string>;
  /** Returns the exit code. */
  run(ctx: CommandContext<z.infer<S>>): Promise<number>;
}

export function defineCommand<S extends z.ZodObject>(command: CommandModule<S>): CommandModule<S> {
  return command;
}
