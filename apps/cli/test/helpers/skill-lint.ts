import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** One `warden …` command line named in a skill file. */
export interface NamedCommand {
  file: string;
  line: string;
}

/** What `warden CMD --help` says a command takes. */
export interface CommandHelp {
  /** The usage paragraph (subcommand words such as `list`, `validate-target`). */
  usage: string;
  /** Every `--flag` the command takes, its own and the global ones, without the dashes. */
  flags: Set<string>;
}

/** What the CLI offers: its command names and each one's help (`''` is the root: `warden --flag`). */
export interface CliSurface {
  commands: Set<string>;
  help(command: string): CommandHelp;
}

/** Every markdown file of a skill folder, with its path. */
export function skillMarkdown(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort()
    .map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** Inline code spans outside fenced blocks, and the lines of fenced blocks. */
function codeOf(text: string): { spans: string[]; blockLines: string[] } {
  const spans: string[] = [];
  const blockLines: string[] = [];
  let inBlock = false;
  for (const line of text.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      inBlock = !inBlock;
      continue;
    }
    if (inBlock) blockLines.push(line.replace(/\s+#\s.*$/, '').trim());
    else for (const match of line.matchAll(/`([^`]+)`/g)) spans.push(match[1]!.trim());
  }
  return { spans, blockLines };
}

/** Every `warden …` command line a skill file names, in code blocks and inline code. */
export function namedCommands(file: string, text: string): NamedCommand[] {
  const { spans, blockLines } = codeOf(text);
  return [...blockLines, ...spans].filter((line) => /^warden(\s|$)/.test(line)).map((line) => ({ file, line }));
}

/** Inline code that is a bare option (`--json`, `--fail-on-flaky`). */
export function namedOptions(text: string): string[] {
  return codeOf(text)
    .spans.map((span) => /^--([a-z][a-z-]*)(\s|$|=)/.exec(span)?.[1])
    .filter((name): name is string => name !== undefined);
}

function flagExists(flags: Set<string>, name: string): boolean {
  return flags.has(name) || (name.startsWith('no-') && flags.has(name.slice(3)));
}

/** The problems of one command line: an unknown command, subcommand word or option. */
export function lintCommand(named: NamedCommand, cli: CliSurface): string[] {
  const unquoted = named.line.replace(/"[^"]*"|'[^']*'/g, '"…"');
  const tokens = unquoted.split(/\s+/);
  const first = tokens[1] ?? '';
  const command = first === '' || first.startsWith('-') ? '' : first;
  const where = `${path.basename(named.file)}: "${named.line}"`;
  if (command !== '' && !cli.commands.has(command)) return [`${where}: no command "${command}"`];
  const help = cli.help(command);
  const problems: string[] = [];
  const verb = command === '' ? undefined : tokens[2];
  if (verb !== undefined && /^[a-z][a-z-]*$/.test(verb)) {
    const words = new Set(help.usage.split(/[\s[\]|()…]+/));
    if (!words.has(verb)) problems.push(`${where}: "warden ${command}" has no subcommand "${verb}"`);
  }
  for (const match of unquoted.matchAll(/(?:^|[\s[(|])--([a-z][a-z-]*)/g)) {
    if (!flagExists(help.flags, match[1]!)) problems.push(`${where}: "warden ${command || '(run)'}" has no option --${match[1]!}`);
  }
  return problems;
}

/** Parses `warden --help` (the command list) and `warden CMD --help` (usage and flags). */
export function parseCommandList(rootHelp: string): Set<string> {
  const section = rootHelp.split(/^Commands:\n/m)[1]?.split(/\n\n/)[0] ?? '';
  return new Set([...section.matchAll(/^ {2}([a-z][a-z-]*) {2,}/gm)].map((m) => m[1]!));
}

export function parseCommandHelp(help: string): CommandHelp {
  const usage = (help.split(/\n\n/)[0] ?? '').replace(/^Usage:/, '').replace(/\s+/g, ' ');
  const flags = new Set([...help.matchAll(/^\s+(?:-\w, )?--([a-z][a-z-]*)/gm)].map((m) => m[1]!));
  return { usage, flags };
}

/** Relative markdown links, and repository paths (`examples/…`, `apps/…`) in inline code or `warden` lines of code blocks, that do not exist. */
export function missingPaths(file: string, text: string, repoRoot: string): string[] {
  const missing: string[] = [];
  for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1]!.split('#')[0]!;
    if (target === '' || /^[a-z]+:/.test(target)) continue;
    if (!existsSync(path.resolve(path.dirname(file), target))) missing.push(`${path.basename(file)}: link ${target}`);
  }
  const { spans, blockLines } = codeOf(text);
  const words = [...spans, ...blockLines.filter((line) => line.startsWith('warden '))].flatMap((code) => code.split(/\s+/));
  for (const candidate of new Set(words)) {
    if (!/^(apps|packages|examples|skills|docs|bench)\/[\w./-]+$/.test(candidate)) continue;
    if (!existsSync(path.join(repoRoot, candidate))) missing.push(`${path.basename(file)}: path ${candidate}`);
  }
  return missing;
}
