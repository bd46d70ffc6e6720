import type { EffectClass } from '@warden/protocol';

/** How a file's content is read to classify a change by the keys it touches (see `structured-diff.ts`). */
export type Structure = 'package-json' | 'lockfile' | 'pyproject' | 'pipeline' | 'json' | 'yaml' | 'ini' | 'toml';

/** One row of the effect table: files matching `glob` (workspace-relative, dot-folders included) are of `class`. */
export interface EffectRow {
  glob: string;
  class: Exclude<EffectClass, 'ordinary'>;
  /** Why, in a few words (shown in docs and tests). */
  why: string;
  /** When set, a change is classified by the keys it touches: one that touches only ordinary keys is `ordinary`. */
  structure?: Structure;
}

const row = (cls: EffectRow['class'], why: string, globs: readonly string[], structure?: Structure): EffectRow[] =>
  globs.map((glob) => ({ glob, class: cls, why, ...(structure ? { structure } : {}) }));

/**
 * The one effect table (issue 34; ARCHITECTURE.md §5). Anything not listed is `ordinary`: source,
 * docs, tests, data, and also build files that run only when someone runs them on purpose —
 * `Makefile`, `Dockerfile`, `justfile`, `Taskfile.yml`, test configs, `tsconfig.json` — exactly like
 * the source and tests they build. `runs-later` is code or configuration that runs **by itself** as
 * a side effect of something else: installing packages, opening the folder in an editor, a commit,
 * a push (CI, with its secrets), entering the directory, a login shell, a clock. Globs are matched
 * at any depth and through dot-folders. The first matching row wins, so more specific rows come first.
 */
export const EFFECT_TABLE: readonly EffectRow[] = [
  ...row('credentials', 'credentials and keys', [
    '**/.ssh/**', '**/id_rsa*', '**/id_dsa*', '**/id_ecdsa*', '**/id_ed25519*', '**/*.pem', '**/*.key', '**/*.p12', '**/*.pfx', '**/.netrc', '**/_netrc',
    '**/.aws/**', '**/.kube/config', '**/.docker/config.json', '**/.git-credentials', '**/.pgpass', '**/.gnupg/**', '**/credentials.json', '**/.config/gcloud/**',
  ]),
  ...row('instructs-agents', 'instructions and memory read into an agent\'s context', [
    '**/WARDEN.md', '**/AGENTS.md', '**/AGENT.md', '**/CLAUDE.md', '**/CLAUDE.local.md', '**/GEMINI.md', '**/CONVENTIONS.md', '**/MEMORY.md',
    '**/.cursorrules', '**/.windsurfrules', '**/.clinerules', '**/.clinerules/**', '**/.roorules', '**/.goosehints', '**/.aider.conf.yml', '**/.aiderignore',
    '**/.cursor/**', '**/.claude/**', '**/.windsurf/**', '**/.continue/**', '**/.roo/**', '**/.kiro/**', '**/.codex/**', '**/.gemini/**', '**/.junie/**',
    '**/.github/copilot-instructions.md', '**/.github/instructions/**', '**/.github/prompts/**', '**/*.instructions.md', '**/*.prompt.md', '**/*.chatmode.md',
    'skills/**', '**/SKILL.md', '**/.agents/**', '**/.skills/**', '**/.warden/**', '**/.mcp.json', '**/mcp.json',
  ]),
  ...row('runs-later', 'package manifest: scripts, lifecycle fields, bin, config, dependency sources', ['**/package.json'], 'package-json'),
  ...row('runs-later', 'Python build system and entry points', ['**/pyproject.toml'], 'pyproject'),
  ...row('runs-later', 'lockfile: where packages come from', [
    '**/package-lock.json', '**/npm-shrinkwrap.json', '**/yarn.lock', '**/pnpm-lock.yaml', '**/bun.lock', '**/Cargo.lock', '**/poetry.lock', '**/uv.lock',
    '**/Pipfile.lock', '**/composer.lock', '**/Gemfile.lock', '**/go.sum', '**/pdm.lock', '**/deno.lock',
  ], 'lockfile'),
  ...row('runs-later', 'package-manager and registry configuration', [
    '**/.npmrc', '**/.yarnrc', '**/.yarnrc.yml', '**/.pnpmfile.cjs', '**/.pnpmfile.mjs', '**/pnpm-workspace.yaml', '**/.yarn/plugins/**', '**/.yarn/releases/**',
    '**/pip.conf', '**/pip.ini', '**/.pypirc', '**/uv.toml', '**/poetry.toml', '**/bunfig.toml', '**/.bunfig.toml', '**/.cargo/config', '**/.cargo/config.toml',
    '**/.gemrc', '**/.condarc', '**/nuget.config', '**/NuGet.Config', '**/NuGet.config', '**/.m2/settings.xml', '**/.mvn/**', '**/gradle/wrapper/**', '**/.bowerrc',
    '**/setup.py', '**/setup.cfg', '**/conftest.py', '**/sitecustomize.py', '**/usercustomize.py', '**/*.pth', '**/Pipfile', '**/.gitmodules',
  ]),
  ...row('runs-later', 'editor and IDE tasks, launch configurations and settings that run code', [
    '**/.vscode/**', '**/*.code-workspace', '**/.idea/**', '**/.devcontainer/**', '**/.devcontainer.json', '**/.zed/**', '**/.fleet/**', '**/.nvim.lua', '**/.nvimrc', '**/.exrc', '**/.vimrc',
    '**/.sublime-project', '**/*.sublime-project', '**/.theia/**', '**/.gitpod.yml',
  ]),
  ...row('runs-later', 'git hooks and hook managers', [
    '**/.githooks/**', '**/.git-hooks/**', '**/.husky/**', '**/lefthook.yml', '**/lefthook.yaml', '**/lefthook.json', '**/lefthook.toml', '**/.lefthook.yml', '**/.lefthook.yaml', '**/lefthook-local.yml',
    '**/.lefthook/**', '**/.pre-commit-config.yaml', '**/.pre-commit-config.yml', '**/.pre-commit-hooks.yaml', '**/.simple-git-hooks.json', '**/.simple-git-hooks.js', '**/.simple-git-hooks.cjs',
    '**/.overcommit.yml', '**/.lintstagedrc', '**/.lintstagedrc.*', '**/lint-staged.config.*', '**/.huskyrc', '**/.huskyrc.*', '**/.gitconfig', '**/.git/**',
  ]),
  ...row('runs-later', 'CI and build-pipeline definitions (run on push, with CI\'s secrets)', [
    '**/.github/workflows/**', '**/.github/actions/**', '**/action.yml', '**/action.yaml', '**/.gitlab-ci.yml', '**/.gitlab-ci/**', '**/.gitlab/ci/**', '**/Jenkinsfile', '**/Jenkinsfile.*', '**/*.jenkinsfile',
    '**/.circleci/**', '**/azure-pipelines.yml', '**/azure-pipelines.yaml', '**/azure-pipelines*.yml', '**/.azure-pipelines/**', '**/.buildkite/**', '**/.travis.yml', '**/bitbucket-pipelines.yml',
    '**/.drone.yml', '**/.woodpecker.yml', '**/.woodpecker/**', '**/appveyor.yml', '**/.appveyor.yml', '**/cloudbuild.yaml', '**/cloudbuild.yml', '**/.cirrus.yml', '**/codemagic.yaml',
    '**/netlify.toml', '**/vercel.json', '**/.tekton/**', '**/.harness/**', '**/bamboo-specs/**', '**/.semaphore/**', '**/wercker.yml', '**/.github/dependabot.yml',
  ], 'pipeline'),
  ...row('runs-later', 'direnv, shell start-up files and scheduled jobs', [
    '**/.envrc', '**/.env.local.sh', '**/.bashrc', '**/.bash_profile', '**/.bash_login', '**/.bash_logout', '**/.profile', '**/.zshrc', '**/.zshenv', '**/.zprofile', '**/.zlogin', '**/.zlogout',
    '**/.kshrc', '**/.cshrc', '**/.tcshrc', '**/.config/fish/**', '**/.inputrc', '**/.tmux.conf', '**/.screenrc', '**/.xinitrc', '**/.xprofile', '**/.config/autostart/**',
    '**/crontab', '**/*.crontab', '**/cron.d/**', '**/cron.daily/**', '**/cron.hourly/**', '**/.config/systemd/**', '**/*.timer', '**/*.service', '**/LaunchAgents/**', '**/LaunchDaemons/**',
  ]),
];
