import { didYouMean } from '@warden/protocol/checks';
import { z } from 'zod';
import { loadDotenv } from '../config/dotenv.js';
import { isLanguage } from '../i18n/catalog-types.js';
import { loadTranslator } from '../i18n/load-catalog.js';
import { resolveLanguage } from '../i18n/resolve-lang.js';
import { terminalStyle } from '../render/terminal-style.js';
import { parseArgv } from './argv.js';
import { CliError } from './cli-error.js';
import { COMMANDS } from './command-table.js';
import type { CommandModule } from './command.js';
import { reportError } from './error-report.js';
import { EXIT } from './exit-codes.js';
import { globalAliases, globalOptions } from './global-options.js';
import { commandHelp, rootHelp } from './help.js';
import type { CliIo } from './io.js';
import { kebabCase, optionKind, type OptionKind } from './option-kinds.js';

export interface MainHooks {
  /** Called for each interrupt listener registration; bin.ts wires it to SIGINT. */
  onInterrupt?(listener: () => void): () => void;
  /** How a second Ctrl-C leaves (default: process.exit). */
  exit?(code: number): void;
}

interface Prescan {
  version: boolean;
  lang?: string;
  debug: boolean;
  color?: boolean;
  help: boolean;
}

/** Reads the few flags needed before the command is known (language, colour, --debug, --help). */
function prescan(argv: readonly string[]): Prescan {
  const out: Prescan = { version: false, debug: false, help: false };
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--') break;
    if (token === '--debug') out.debug = true;
    else if (token === '--version' || token === '-V') out.version = true;
    else if (token === '--help' || token === '-h') out.help = true;
    else if (token === '--no-color') out.color = false;
    else if (token === '--color') out.color = true;
    else if (token === '--lang' && argv[i + 1] !== undefined) out.lang = argv[i + 1];
    else if (token.startsWith('--lang=')) out.lang = token.slice('--lang='.length);
  }
  return out;
}

/** Where the command word is: the first argument after any global options (`warden --lang es sessions`). */
function commandIndex(argv: readonly string[]): number {
  for (let i = 0; i < argv.length; i++) {
    const token = argv[i]!;
    if (token === '--lang') i += 1;
    else if (!GLOBAL_FLAGS.has(token) && !token.startsWith('--lang=')) return token.startsWith('-') ? argv.length : i;
  }
  return argv.length;
}

const GLOBAL_FLAGS = new Set(['--json', '--quiet', '-q', '--debug', '--color', '--no-color', '--help', '-h', '--version', '-V']);

/** The plain-words message for the number issues people hit most (`--max-turns abc`, `1.5`, `0`). */
function numberIssue(issue: z.core.$ZodIssue, flag: string): CliError | undefined {
  const hint = { hintKey: 'hint.seeHelp' as const, hintParams: { command: 'warden' } };
  const make = (message: string, key: 'error.notANumber' | 'error.notWholeNumber' | 'error.tooSmall' | 'error.atLeast', params: Record<string, string>): CliError =>
    new CliError({ code: 'cli.invalid_value', message, key, params: { flag, ...params }, ...hint });
  if (issue.code === 'invalid_type' && issue.expected === 'number') return make(`${flag} takes a number, such as 20`, 'error.notANumber', {});
  if (issue.code === 'invalid_type' && issue.expected === 'int') return make(`${flag} takes a whole number, such as 20`, 'error.notWholeNumber', {});
  if (issue.code === 'too_small' && issue.origin === 'number') {
    const minimum = String(issue.minimum);
    return issue.inclusive === true ? make(`${flag} must be at least ${minimum}`, 'error.atLeast', { minimum }) : make(`${flag} must be more than ${minimum}`, 'error.tooSmall', { minimum });
  }
  return undefined;
}

function invalidValue(issue: z.core.$ZodIssue): CliError {
  const key = String(issue.path[0] ?? '');
  const flag = `--${kebabCase(key)}`;
  const plain = numberIssue(issue, flag);
  if (plain) return plain;
  // A check of our own names its catalog entry, so the whole message is in the run's language.
  if (issue.code === 'custom' && issue.message === 'error.notADuration') {
    const examples = String((issue as { params?: { examples?: string } }).params?.examples ?? '30s, 5m, 500ms');
    return new CliError({ code: 'cli.invalid_value', message: `${flag} takes a duration, such as ${examples}`, key: 'error.notADuration', params: { flag, examples }, hintKey: 'hint.seeHelp', hintParams: { command: 'warden' } });
  }
  return new CliError({
    code: 'cli.invalid_value',
    message: `invalid value for ${flag}: ${issue.message}`,
    key: 'error.invalidValue',
    params: { flag, reason: issue.message },
    hintKey: 'hint.seeHelp',
    hintParams: { command: 'warden' },
  });
}

async function runCommand(module: CommandModule, tokens: string[], io: CliIo, pre: Prescan, hooks: MainHooks): Promise<number> {
  const shape = { ...globalOptions.shape, ...module.options.shape } as Record<string, z.ZodType>;
  const schema = z.strictObject(shape);
  const kinds: Record<string, OptionKind> = {};
  for (const [key, value] of Object.entries(shape)) kinds[key] = optionKind(value);
  const parsed = parseArgv(tokens, { kinds, aliases: { ...globalAliases, ...module.aliases }, command: `warden ${module.name}` });
  const result = schema.safeParse(parsed.options);
  if (!result.success) throw invalidValue(result.error.issues[0]!);
  const options = result.data as Record<string, unknown> & { lang?: string; color?: boolean; config?: string };
  if (options.lang !== undefined && !isLanguage(options.lang)) {
    throw new CliError({
      code: 'cli.unsupported_language',
      message: `no catalog for language "${options.lang}"`,
      key: 'error.unsupportedLanguage',
      params: { lang: options.lang, languages: 'en, es, hi, fr' },
    });
  }
  // The config schema is the harness's: loaded here, so `warden --help` does not load every library.
  const { loadConfig } = await import('../config/config-file.js');
  const config = loadConfig(io.cwd, options.config);
  const t = await loadTranslator(resolveLanguage(options.lang, io.env));
  const style = terminalStyle(io.stdout, io.env, options.color ?? pre.color);
  const controller = new AbortController();
  const stopper = new AbortController();
  let interrupts = 0;
  // A draining command: the first Ctrl-C stops (the step in flight finishes), the second aborts.
  const abortAt = module.drains === true ? 2 : 1;
  const detach = hooks.onInterrupt?.(() => {
    interrupts += 1;
    if (interrupts < abortAt) {
      stopper.abort(new CliError({ code: 'cli.interrupted', message: 'stopping', key: 'error.interrupted' }));
      io.stderr.write(`${style.yellow(t('run.stopping'))}\n`);
    } else if (interrupts === abortAt) controller.abort(new CliError({ code: 'cli.interrupted', message: 'interrupted', key: 'error.interrupted' }));
    else (hooks.exit ?? process.exit)(EXIT.interrupted);
  });
  try {
    return await module.run({ options: options, positionals: parsed.positionals, io, t, style, signal: controller.signal, stopSignal: stopper.signal, config });
  } finally {
    detach?.();
  }
}

/** The whole CLI as a function: argv in, exit code out. */
export async function main(argv: readonly string[], io: CliIo, hooks: MainHooks = {}): Promise<number> {
  loadDotenv(io.cwd, io.env);
  const pre = prescan(argv);
  if (pre.version) {
    const { cliVersion } = await import('../version.js');
    io.stdout.write(`${cliVersion()}\n`);
    return EXIT.done;
  }
  const t = await loadTranslator(resolveLanguage(pre.lang && isLanguage(pre.lang) ? pre.lang : undefined, io.env));
  const errStyle = terminalStyle(io.stderr, io.env, pre.color);
  try {
    const at = commandIndex(argv);
    const first = argv[at];
    let name = 'run';
    let rest = [...argv];
    let root = true;
    if (first === 'help') {
      const target = argv[at + 1];
      rest = ['--help'];
      if (target && COMMANDS[target]) {
        name = target;
        root = false;
      }
    } else if (first !== undefined) {
      if (!COMMANDS[first]) {
        const suggestion = didYouMean(first, Object.keys(COMMANDS));
        throw new CliError({
          code: 'cli.unknown_command',
          message: `unknown command "${first}"`,
          key: 'error.unknownCommand',
          params: { command: first },
          ...(suggestion ? { hintKey: 'hint.didYouMean' as const, hintParams: { suggestion: `warden ${suggestion}` } } : { hintKey: 'hint.rootHelp' as const }),
        });
      }
      name = first;
      rest = [...argv.slice(0, at), ...argv.slice(at + 1)];
      root = false;
    }
    const module = await COMMANDS[name]!.load();
    if (pre.help || first === 'help') {
      const style = terminalStyle(io.stdout, io.env, pre.color);
      io.stdout.write(root ? rootHelp(COMMANDS, module, t, style) : commandHelp(module, t, style));
      return EXIT.done;
    }
    return await runCommand(module, rest, io, pre, hooks);
  } catch (error) {
    const report = reportError(error, t, errStyle, pre.debug);
    io.stderr.write(report.text);
    return report.exitCode;
  }
}
