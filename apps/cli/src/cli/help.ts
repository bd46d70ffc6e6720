import type { z } from 'zod';
import type { MessageKey } from '../i18n/catalog-types.js';
import type { Translator } from '../i18n/translator.js';
import type { TerminalStyle } from '../render/terminal-style.js';
import type { CommandEntry } from './command-table.js';
import type { CommandModule } from './command.js';
import { globalAliases, globalOptions } from './global-options.js';
import { kebabCase, optionKind } from './option-kinds.js';

interface Def {
  type: string;
  innerType?: { _zod: { def: Def } };
  entries?: Record<string, string>;
}

/** What a flag's value looks like, for the help text (flag names are the same in every language). */
const VALUE_NAMES: Record<string, string> = {
  prompt: 'TASK',
  workdir: 'DIR',
  provider: 'NAME',
  model: 'NAME',
  baseUrl: 'URL',
  session: 'ID|PATH',
  sessions: 'DIR|URL',
  config: 'FILE',
  lang: 'en|es|hi|fr',
  out: 'DIR',
  probes: 'FILE|pack:NAME',
  keyEnv: 'VAR',
  file: 'FILE',
  env: 'NAME',
  for: 'DURATION',
  pause: 'DURATION',
  idleTimeout: 'DURATION',
  pack: 'PATH',
  budgetUsd: 'USD',
  data: 'DIR',
  dir: 'DIR',
  databaseUrl: 'URL',
  pgSchema: 'NAME',
  host: 'HOST',
  port: 'PORT',
  publicUrl: 'URL',
  token: 'TOKEN',
  maxBody: 'BYTES',
  allowTarget: 'HOST|CIDR',
  http: 'PORT',
  key: 'KEY',
  agent: 'NAME',
  attach: 'FILE',
  allowHost: 'HOST[:PORT]',
  result: 'FILE',
};

function valueName(key: string, schema: z.ZodType): string {
  const known = VALUE_NAMES[key];
  if (known) return known;
  let def = (schema as unknown as { _zod: { def: Def } })._zod.def;
  while (def.innerType) def = def.innerType._zod.def;
  if (def.type === 'enum' && def.entries) return Object.values(def.entries).join('|');
  if (def.type === 'number') return 'N';
  return 'VALUE';
}

function wrap(text: string, width: number, indent: number): string {
  const words = text.split(/\s+/);
  const lines: string[] = [];
  let line = '';
  for (const word of words) {
    if (line && line.length + 1 + word.length > Math.max(20, width - indent)) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines.join(`\n${' '.repeat(indent)}`);
}

/** A command's own words for a shared option (`option.check.env`), else the option's general text. */
function optionText(command: string | undefined, key: string, t: Translator): string {
  const own = command === undefined ? undefined : `option.${command}.${key}`;
  return own !== undefined && t.has(own) ? t(own) : t(`option.${key}` as MessageKey);
}

function optionRows(shape: Record<string, z.ZodType>, aliases: Record<string, string>, t: Translator, command?: string): Array<[string, string]> {
  const shortOf = new Map(Object.entries(aliases).map(([letter, key]) => [key, letter]));
  return Object.entries(shape).map(([key, schema]) => {
    const short = shortOf.get(key);
    const kind = optionKind(schema);
    const flag = `${short ? `-${short}, ` : '    '}--${kebabCase(key)}${kind === 'boolean' ? '' : ` <${valueName(key, schema)}>`}`;
    return [flag, optionText(command, key, t)];
  });
}

function table(rows: Array<[string, string]>, style: TerminalStyle): string {
  const left = Math.min(34, Math.max(...rows.map(([a]) => a.length)) + 2);
  return rows
    .map(([a, b]) => {
      const pad = a.length >= left ? `\n${' '.repeat(left + 2)}` : ' '.repeat(left - a.length);
      return `  ${style.bold(a)}${pad}${wrap(b, style.width, left + 2)}`;
    })
    .join('\n');
}

/** `warden <command> --help`, in the run's language. */
export function commandHelp(command: CommandModule, t: Translator, style: TerminalStyle): string {
  const parts = [
    wrap(`${t('help.usage')} ${t(command.usage)}`, style.width, 2),
    '',
    wrap(t(command.summary), style.width, 0),
    '',
    t('help.options'),
    table(optionRows(command.options.shape, command.aliases ?? {}, t, command.name), style),
    '',
    t('help.globalOptions'),
    table(optionRows(globalOptions.shape, globalAliases, t), style),
    '',
    `  ${wrap(t('help.exitCodes'), style.width, 2)}`,
  ];
  return `${parts.join('\n')}\n`;
}

/** `warden --help`: the commands, then the options of the default command (a run). */
export function rootHelp(commands: Record<string, CommandEntry>, run: CommandModule, t: Translator, style: TerminalStyle): string {
  const parts = [
    style.bold(t('help.tagline')),
    '',
    wrap(`${t('help.usage')} ${t('help.rootUsage')}`, style.width, 2),
    '',
    t('help.commands'),
    table(Object.entries(commands).map(([name, entry]) => [name, t(entry.summary)]), style),
    '',
    t('help.runOptions'),
    table(optionRows(run.options.shape, run.aliases ?? {}, t), style),
    '',
    t('help.globalOptions'),
    table(optionRows(globalOptions.shape, globalAliases, t), style),
    '',
    `  ${wrap(t('help.exitCodes'), style.width, 2)}`,
    `  ${wrap(t('help.more'), style.width, 2)}`,
  ];
  return `${parts.join('\n')}\n`;
}
