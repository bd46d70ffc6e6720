import { didYouMean } from '@warden/protocol/checks';
import { CliError } from './cli-error.js';
import { camelCase, type OptionKind } from './option-kinds.js';

export interface ArgvSpec {
  /** Option key (camelCase) → how it reads its value. */
  kinds: Record<string, OptionKind>;
  /** Short flag letter → option key. */
  aliases: Record<string, string>;
  /** Shown in "run … --help" hints. */
  command: string;
}

export interface ParsedArgv {
  positionals: string[];
  options: Record<string, string | boolean | string[]>;
}

function unknownFlag(flag: string, spec: ArgvSpec): CliError {
  const known = Object.keys(spec.kinds).map((k) => `--${k.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`);
  const suggestion = flag.startsWith('--') ? didYouMean(flag, known) : undefined;
  return new CliError({
    code: 'cli.unknown_flag',
    message: `unknown option ${flag}`,
    key: 'error.unknownFlag',
    params: { flag },
    ...(suggestion
      ? { hintKey: 'hint.didYouMean' as const, hintParams: { suggestion }, hint: `did you mean ${suggestion}?` }
      : { hintKey: 'hint.seeHelp' as const, hintParams: { command: spec.command }, hint: `run ${spec.command} --help` }),
  });
}

/**
 * A small, strict argv reader: `--name value`, `--name=value`, `--flag`,
 * `--no-flag`, `-x`, and `--` to end options. Unknown flags are usage errors
 * that name the flag; values are validated afterwards by the command's schema.
 */
export function parseArgv(tokens: readonly string[], spec: ArgvSpec): ParsedArgv {
  const positionals: string[] = [];
  const options: ParsedArgv['options'] = {};
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token === '--') {
      positionals.push(...tokens.slice(i + 1));
      break;
    }
    if (!token.startsWith('-') || token === '-') {
      positionals.push(token);
      continue;
    }
    let name: string;
    let inline: string | undefined;
    let shown: string;
    if (token.startsWith('--')) {
      const eq = token.indexOf('=');
      const raw = eq === -1 ? token.slice(2) : token.slice(2, eq);
      inline = eq === -1 ? undefined : token.slice(eq + 1);
      shown = `--${raw}`;
      name = camelCase(raw);
      if (!(name in spec.kinds) && raw.startsWith('no-') && inline === undefined) {
        const positive = camelCase(raw.slice(3));
        if (spec.kinds[positive] === 'boolean') {
          options[positive] = false;
          continue;
        }
      }
    } else {
      shown = token.slice(0, 2);
      const alias = spec.aliases[token.slice(1, 2)];
      if (alias === undefined) throw unknownFlag(shown, spec);
      name = alias;
      if (token.length > 2) inline = token.slice(2).replace(/^=/, '');
    }
    const kind = spec.kinds[name];
    if (kind === undefined) throw unknownFlag(shown, spec);
    if (kind === 'boolean') {
      if (inline === undefined) options[name] = true;
      else if (/^(true|1|yes)$/i.test(inline)) options[name] = true;
      else if (/^(false|0|no)$/i.test(inline)) options[name] = false;
      else throw new CliError({ code: 'cli.invalid_value', message: `${shown} takes no value`, key: 'error.flagTakesNoValue', params: { flag: shown } });
      continue;
    }
    let value = inline;
    if (value === undefined) {
      const next = tokens[i + 1];
      if (next === undefined || (next.startsWith('-') && next !== '-' && !/^-\d/.test(next))) {
        throw new CliError({ code: 'cli.missing_value', message: `${shown} needs a value`, key: 'error.missingValue', params: { flag: shown } });
      }
      value = next;
      i += 1;
    }
    if (kind === 'list') {
      const list = options[name];
      options[name] = Array.isArray(list) ? [...list, value] : [value];
    } else {
      options[name] = value;
    }
  }
  return { positionals, options };
}
