import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { lintCommand, missingPaths, namedCommands, namedOptions, parseCommandHelp, parseCommandList, skillMarkdown, type CliSurface, type CommandHelp } from './helpers/skill-lint.js';

const CLI_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REPO_ROOT = path.resolve(CLI_ROOT, '../..');
const SKILL_DIRS = { root: path.join(REPO_ROOT, 'skills', 'warden'), shipped: path.join(CLI_ROOT, 'skills', 'warden') };

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The real CLI's surface, read from `warden --help` and `warden CMD --help` of the built binary. */
async function realSurface(): Promise<{ commands: Set<string>; helps: Map<string, CommandHelp> }> {
  const root = await runCli(['--help']);
  expect(root.code).toBe(0);
  const commands = parseCommandList(root.stdout);
  const helps = new Map<string, CommandHelp>([['', parseCommandHelp(root.stdout.split(/^Options of warden run:\n/m)[1] ?? '')]]);
  helps.get('')!.usage = 'warden';
  for (const command of commands) {
    const result = await runCli([command, '--help']);
    expect(result.code, `warden ${command} --help`).toBe(0);
    helps.set(command, parseCommandHelp(result.stdout));
  }
  return { commands, helps };
}

function surface(commands: Set<string>, helps: Map<string, CommandHelp>): CliSurface {
  return { commands, help: (command) => helps.get(command) ?? { usage: '', flags: new Set() } };
}

describe('the agent skill cannot drift from the CLI', () => {
  let commands: Set<string>;
  let helps: Map<string, CommandHelp>;
  const docs = skillMarkdown(SKILL_DIRS.root);
  const named = docs.flatMap(({ file, text }) => namedCommands(file, text));

  beforeAll(async () => {
    ({ commands, helps } = await realSurface());
  }, 120_000);

  it('the copy shipped in @warden/cli is byte-for-byte the repository root skill', () => {
    expect(listFiles(SKILL_DIRS.shipped)).toEqual(listFiles(SKILL_DIRS.root));
    for (const name of listFiles(SKILL_DIRS.root)) {
      expect(readFileSync(path.join(SKILL_DIRS.shipped, name)).equals(readFileSync(path.join(SKILL_DIRS.root, name))), name).toBe(true);
    }
    const pkg = JSON.parse(readFileSync(path.join(CLI_ROOT, 'package.json'), 'utf8')) as { files: string[] };
    expect(pkg.files).toContain('skills');
  });

  it('SKILL.md has the common skill front matter, and links every reference file', () => {
    const skill = readFileSync(path.join(SKILL_DIRS.root, 'SKILL.md'), 'utf8');
    const front = /^---\n([\s\S]*?)\n---\n/.exec(skill)?.[1] ?? '';
    expect(front).toMatch(/^name: warden$/m);
    expect(/^description: (.+)$/m.exec(front)?.[1]?.length ?? 0).toBeGreaterThan(80);
    for (const reference of listFiles(path.join(SKILL_DIRS.root, 'references'))) expect(skill).toContain(`](references/${reference})`);
  });

  it('names the commands an agent needs, and each exists with every option and subcommand it uses', () => {
    const lines = named.map((n) => n.line);
    for (const needed of ['warden check list', 'warden evidence list', 'warden probe run', 'warden probe validate-target', 'warden evidence push', 'warden approvals list', 'warden skill install'])
      expect(lines.some((line) => line.startsWith(needed)), needed).toBe(true);
    for (const option of ['--soak', '--dash', '--json', '--park', '--explain-scope', '--env']) expect(lines.some((line) => line.includes(option)), option).toBe(true);
    expect(named.length).toBeGreaterThan(30);
    expect(named.flatMap((n) => lintCommand(n, surface(commands, helps)))).toEqual([]);
  });

  it('every option named on its own in the text is an option of some command', () => {
    const all = new Set([...helps.values()].flatMap((help) => [...help.flags]));
    const unknown = docs.flatMap(({ text }) => namedOptions(text)).filter((name) => !all.has(name) && !(name.startsWith('no-') && all.has(name.slice(3))));
    expect(unknown).toEqual([]);
  });

  it('every file the skill links or names exists', () => {
    expect(docs.flatMap(({ file, text }) => missingPaths(file, text, REPO_ROOT))).toEqual([]);
  });

  it('fails when the CLI loses a command, a subcommand or an option the skill names', () => {
    const without = (command: string) => new Set([...commands].filter((c) => c !== command));
    expect(named.flatMap((n) => lintCommand(n, surface(without('probe'), helps)))).toContainEqual(expect.stringContaining('no command "probe"'));
    const check = helps.get('check')!;
    const noSoak = new Map(helps).set('check', { usage: check.usage, flags: new Set([...check.flags].filter((f) => f !== 'soak')) });
    expect(named.flatMap((n) => lintCommand(n, surface(commands, noSoak)))).toContainEqual(expect.stringContaining('has no option --soak'));
    const probe = helps.get('probe')!;
    const noValidate = new Map(helps).set('probe', { usage: probe.usage.replace(/validate-target/g, ''), flags: probe.flags });
    expect(named.flatMap((n) => lintCommand(n, surface(commands, noValidate)))).toContainEqual(expect.stringContaining('no subcommand "validate-target"'));
  });

  it('flags invented commands, subcommands, options and paths, and lets real ones through', () => {
    const cli = surface(commands, helps);
    const lint = (line: string) => lintCommand({ file: 'x.md', line }, cli);
    expect(lint('warden frobnicate pack:web')).toHaveLength(1);
    expect(lint('warden check list pack:web --no-such-option')).toHaveLength(1);
    expect(lint('warden probe explode target.json')).toHaveLength(1);
    expect(lint('warden evidence push out/RUN --dash dash.json --token abc')).toHaveLength(1);
    expect(lint('warden --prompt "x" --bogus')).toHaveLength(1);
    expect(lint('warden run "pass --verbose to cli.js" --json --no-color')).toEqual([]);
    expect(lint('warden check web:* --env local --soak --for 30s --pause 2s')).toEqual([]);
    expect(lint('warden skill install --dir .agents/skills/warden --force')).toEqual([]);
    const text = 'See [x](references/nope.md), [y](https://example.com/a.md), `examples/no-such-dir` and `examples/pack-example`.';
    expect(missingPaths(path.join(SKILL_DIRS.root, 'SKILL.md'), text, REPO_ROOT)).toEqual(['SKILL.md: link references/nope.md', 'SKILL.md: path examples/no-such-dir']);
    const block = '```sh\nwarden check list pack:x --pack apps/cli/test/__fixtures__/gone.mjs\nwarden check list pack:webdemo --pack examples/pack-example/src/pack.js\n```\n';
    expect(missingPaths(path.join(SKILL_DIRS.root, 'SKILL.md'), block, REPO_ROOT)).toEqual(['SKILL.md: path apps/cli/test/__fixtures__/gone.mjs']);
  });
});
