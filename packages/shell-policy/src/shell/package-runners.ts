import type { CommandEnv, CommandHandler, CommandOutcome } from './command-env.js';
import { parseArgs } from './options.js';
import type { ShellWord } from './types.js';

/**
 * Development tools a package runner may start without fetching anything new: a small list the
 * analyzer knows by name (it does no I/O, so it cannot look in the workspace's node_modules/.bin).
 * Package name → the command it provides. A tool that is not here — or a version, URL, git or
 * registry spec — is code fetched at run time: undecidable, so a person decides. A locally
 * installed tool that is not listed runs as `./node_modules/.bin/NAME`, a workspace file.
 */
const NODE_TOOLS: Record<string, string> = {
  vitest: 'vitest', jest: 'jest', typescript: 'tsc', tsc: 'tsc', tsx: 'tsx', 'ts-node': 'ts-node', eslint: 'eslint', prettier: 'prettier',
  '@biomejs/biome': 'biome', biome: 'biome', vite: 'vite', '@playwright/test': 'playwright', playwright: 'playwright', mocha: 'mocha', c8: 'c8',
  nyc: 'nyc', turbo: 'turbo', tsup: 'tsup', esbuild: 'esbuild', rollup: 'rollup', webpack: 'webpack', 'vue-tsc': 'vue-tsc', 'svelte-check': 'svelte-check',
  knip: 'knip', '@changesets/cli': 'changeset', changeset: 'changeset', stylelint: 'stylelint', 'lint-staged': 'lint-staged', typedoc: 'typedoc',
  ava: 'ava', 'tsc-alias': 'tsc-alias', rimraf: 'rimraf', concurrently: 'concurrently', 'npm-run-all': 'npm-run-all', 'run-s': 'run-s', 'run-p': 'run-p',
};
const PYTHON_TOOLS: Record<string, string> = {
  ruff: 'ruff', black: 'black', mypy: 'mypy', pytest: 'pytest', isort: 'isort', flake8: 'flake8', pylint: 'pylint', pyright: 'pyright',
  'pre-commit': 'pre-commit', tox: 'tox', nox: 'nox', coverage: 'coverage', bandit: 'bandit',
};

/** Options of known tools whose value is a file they write. */
const OUTPUT_OPTIONS = /^(?:-o|--output|--out-file|--outfile|--output-file|--outDir|--out-dir|--outdir|--declarationDir)$/;
/** Tools that rewrite the files they are given with this flag. */
const REWRITES: Record<string, (flags: string[]) => boolean> = {
  prettier: (f) => f.includes('--write') || f.includes('-w'),
  eslint: (f) => f.includes('--fix'),
  biome: (f) => f.some((x) => /^--(?:write|apply|fix)$/.test(x)),
  stylelint: (f) => f.includes('--fix'),
  ruff: (f) => f.includes('--fix'),
  // black and isort rewrite what they are given unless told only to check.
  black: (f) => !f.some((x) => /^--(?:check|diff)$/.test(x)),
  isort: (f) => !f.some((x) => /^(?:--check-only|--check|--diff|-c)$/.test(x)),
};

/** The package a spec names, or undefined when the spec is a version, tag, URL, git or file reference. */
function plainName(spec: string): string | undefined {
  if (/^(?:@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i.test(spec)) return spec.toLowerCase();
  return undefined;
}

/**
 * Runs a package runner's command: a known tool is analysed as the command it is (`rimraf` as `rm -rf`,
 * `concurrently` as the command lines it gets, output options and `--write`/`--fix` operands as
 * writes); anything else is fetched and run at run time, so undecidable (and a network use).
 */
export function runPackage(env: CommandEnv, runner: string, spec: ShellWord | undefined, args: ShellWord[], python = false): CommandOutcome {
  const text = spec?.text;
  if (text === undefined) {
    env.undecidable(`${runner}: the package is built at run time`, true);
    return {};
  }
  const name = plainName(text);
  const tool = name === undefined ? undefined : (python ? PYTHON_TOOLS : NODE_TOOLS)[name];
  if (tool === undefined) {
    env.network(`${runner} ${text}`);
    env.undecidable(`${runner} ${text.slice(0, 60)} fetches and runs a package the analyzer does not know`, true);
    return {};
  }
  if (tool === 'rimraf') return env.runArgv([{ text: 'rimraf', glob: false }, ...args], runner);
  // tsx and ts-node are node: `npx tsx -e '…'` runs inline code like `node -e`.
  if (tool === 'tsx' || tool === 'ts-node') return env.runArgv([{ text: 'node', glob: false }, ...args], `${runner} ${tool}`);
  if (tool === 'concurrently' || tool === 'npm-run-all' || tool === 'run-s' || tool === 'run-p') {
    // Each operand is a command line; `npm:dev`, `pnpm:watch-*` name the project's own scripts.
    const commands = parseArgs(args, { short: 'nckp', long: ['--names', '--prefix', '--prefix-colors', '--kill-others', '--max-processes', '--success'] }).operands;
    if (tool === 'concurrently') for (const w of commands) if (!/^(?:npm|pnpm|yarn|bun):[\w:*.-]+$/.test(w.text ?? '')) env.runScript(w.text, `${runner} concurrently`);
    return {};
  }
  const parsed = parseArgs(args, { short: 'oc', long: ['--output', '--out-file', '--outfile', '--output-file', '--outDir', '--out-dir', '--outdir', '--declarationDir', '--config', '--project'] });
  for (const o of parsed.options) if (OUTPUT_OPTIONS.test(o.name) && o.value) env.checkWrite(o.value, `${runner} ${tool} ${o.name}`);
  const rewrite = REWRITES[tool];
  if (rewrite?.(parsed.options.map((o) => o.name))) for (const file of parsed.operands) if (!/^(?:check|format|lint)$/.test(file.text ?? '')) env.checkWrite(file, `${runner} ${tool}`);
  return {};
}

/** The options before the package that the runners share: `-p/--package X`, `-c/--call CMD`, `-y`, `--`. */
function readRunner(args: ShellWord[], valueShort: string, valueLong: readonly string[]): { packages: ShellWord[]; call: ShellWord | undefined; rest: ShellWord[]; dynamic: boolean } {
  const packages: ShellWord[] = [];
  let call: ShellWord | undefined;
  let i = 0;
  for (; i < args.length; i++) {
    const word = args[i] as ShellWord;
    const text = word.text;
    if (text === undefined) return { packages, call, rest: [], dynamic: true };
    if (text === '--') {
      i += 1;
      break;
    }
    if (!text.startsWith('-')) break;
    const eq = text.indexOf('=');
    const name = text.startsWith('--') && eq > 0 ? text.slice(0, eq) : text;
    const takes = valueLong.includes(name) || (name.length === 2 && valueShort.includes(name[1] as string));
    if (!takes) continue;
    const value = eq > 0 && text.startsWith('--') ? { text: text.slice(eq + 1), glob: word.glob } : args[++i];
    if (/^(?:-p|--package|--from|--with|--spec)$/.test(name) && value) packages.push(value);
    if (/^(?:-c|--call)$/.test(name)) call = value;
  }
  return { packages, call, rest: args.slice(i), dynamic: false };
}

function runnerWith(env: CommandEnv, runner: string, args: ShellWord[], python: boolean): CommandOutcome {
  const read = readRunner(args, 'pcw', ['--package', '--call', '--from', '--with', '--spec', '--python', '--prefix', '--workspace', '--index', '--index-url', '--extra-index-url', '--pip-args', '--preinstall']);
  if (read.dynamic) {
    env.undecidable(`${runner}: an option is built at run time`, true);
    return {};
  }
  // Extra packages installed for the command (`-p x`, `--with x`, `--from x`) are fetched code too.
  for (const p of read.packages) {
    const name = p.text === undefined ? undefined : plainName(p.text.replace(/\[.*\]$/, ''));
    if (name === undefined || (python ? PYTHON_TOOLS : NODE_TOOLS)[name] === undefined) return runPackage(env, runner, p, [], python);
  }
  if (read.call) {
    env.runScript(read.call.text, `${runner} -c`);
    return {};
  }
  const [spec, ...rest] = read.rest;
  if (read.packages.length > 0 && spec?.text !== undefined && Object.values(python ? PYTHON_TOOLS : NODE_TOOLS).includes(spec.text)) return runPackage(env, runner, spec, rest, python);
  return spec ? runPackage(env, runner, spec, rest, python) : {};
}

/** `npx PKG args`, `bunx PKG`, `uvx TOOL`. */
export const npx: CommandHandler = (args, env, name) => runnerWith(env, name, args, name === 'uvx');

/** `npm exec|x`, `pnpm dlx|exec`, `yarn dlx|exec`, `bun x`, `pipx run`, `uv run|tool run`: the subcommand, then a runner. */
export const subcommandRunners: CommandHandler = (args, env, name) => {
  let i = 0;
  while (i < args.length && args[i]?.text?.startsWith('-')) i += 1;
  const sub = args[i]?.text;
  const rest = args.slice(i + 1);
  const local = (what: string): CommandOutcome => env.runArgv(parseArgs(rest, { stopAtOperand: true }).operands, what);
  if (name === 'npm' && (sub === 'exec' || sub === 'x')) return runnerWith(env, `npm ${sub}`, rest, false);
  if ((name === 'pnpm' || name === 'yarn') && sub === 'dlx') return runnerWith(env, `${name} dlx`, rest, false);
  if ((name === 'pnpm' || name === 'yarn') && sub === 'exec') return local(`${name} exec`);
  if (name === 'bun' && sub === 'x') return runnerWith(env, 'bun x', rest, false);
  if (name === 'pipx' && sub === 'run') return runnerWith(env, 'pipx run', rest, true);
  if (name === 'uv' && sub === 'tool' && rest[0]?.text === 'run') return runnerWith(env, 'uv tool run', rest.slice(1), true);
  if (name === 'uv' && sub === 'run') return local('uv run');
  return {};
};

/** `rimraf PATH…` (installed or through a runner) is `rm -rf PATH…`. */
export const rimraf: CommandHandler = (args, env) => env.runArgv([{ text: 'rm', glob: false }, { text: '-rf', glob: false }, ...args.filter((w) => !w.text?.startsWith('-'))], 'rimraf');

export const PACKAGE_RUNNERS: Record<string, CommandHandler> = {
  rimraf,
  npx: npx,
  bunx: npx,
  uvx: npx,
  npm: subcommandRunners,
  pnpm: subcommandRunners,
  yarn: subcommandRunners,
  bun: subcommandRunners,
  pipx: subcommandRunners,
  uv: subcommandRunners,
};
