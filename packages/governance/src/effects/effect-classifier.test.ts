import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { effectClassifier } from './effect-classifier.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a package.json is any JSON
type Pkg = Record<string, any>;
const workspace = mkdtempSync(join(tmpdir(), 'warden-effects-'));
mkdirSync(join(workspace, '.git'));
writeFileSync(join(workspace, '.git', 'config'), '[core]\n\tbare = false\n\thooksPath = tools/git/hooks\n[remote "origin"]\n\turl = x\n');
afterAll(() => rmSync(workspace, { recursive: true, force: true }));
const table = effectClassifier({ workspace, instructionFiles: ['notes/memory.md'] });
const cls = (relative: string, after?: string, before?: string) => table.classify({ relative, ...(after !== undefined ? { after } : {}), ...(before !== undefined ? { before } : {}) }).effectClass;

describe('the effect table: by path, at any depth and through dot-folders', () => {
  it.each([
    // runs later
    ['.npmrc', 'runs-later'], ['packages/app/.npmrc', 'runs-later'], ['.yarnrc.yml', 'runs-later'], ['pip.conf', 'runs-later'], ['.pypirc', 'runs-later'], ['bunfig.toml', 'runs-later'],
    ['.vscode/tasks.json', 'runs-later'], ['apps/web/.vscode/launch.json', 'runs-later'], ['.idea/runConfigurations/dev.xml', 'runs-later'], ['.devcontainer/devcontainer.json', 'runs-later'],
    ['.github/workflows/ci.yml', 'runs-later'], ['.github/actions/setup/action.yml', 'runs-later'], ['tools/ci/action.yaml', 'runs-later'], ['.gitlab-ci.yml', 'runs-later'], ['Jenkinsfile', 'runs-later'],
    ['.circleci/config.yml', 'runs-later'], ['azure-pipelines.yml', 'runs-later'], ['.buildkite/pipeline.yml', 'runs-later'],
    ['.husky/pre-commit', 'runs-later'], ['lefthook.yml', 'runs-later'], ['.pre-commit-config.yaml', 'runs-later'], ['tools/git/hooks/pre-push', 'runs-later'],
    ['.envrc', 'runs-later'], ['deploy/.bashrc', 'runs-later'], ['ops/cron.d/backup', 'runs-later'], ['ops/backup.crontab', 'runs-later'],
    // instructs agents
    ['WARDEN.md', 'instructs-agents'], ['docs/deep/AGENTS.md', 'instructs-agents'], ['src/CLAUDE.md', 'instructs-agents'], ['.cursorrules', 'instructs-agents'],
    ['.github/copilot-instructions.md', 'instructs-agents'], ['skills/deploy/SKILL.md', 'instructs-agents'], ['pkg/x/SKILL.md', 'instructs-agents'], ['notes/memory.md', 'instructs-agents'],
    // credentials
    ['.ssh/id_ed25519', 'credentials'], ['deploy/server.pem', 'credentials'], ['.netrc', 'credentials'],
  ])('%s is %s', (relative, expected) => {
    expect(cls(relative)).toBe(expected);
  });

  // Must-allow neighbours: ordinary work stays ordinary.
  it.each([
    'src/app.ts', 'README.md', 'docs/guide.md', 'test/app.test.ts', 'data/rows.csv', 'tsconfig.json', 'Makefile', 'Dockerfile', 'justfile', 'Taskfile.yml', 'vitest.config.ts',
    'src/skills.ts', 'docs/agents.md', 'src/.npmrc.example.md', 'config/settings.json', 'tools/git/hooks.md', 'tools/git/README.md', 'SUMMARY.md', '.editorconfig', '.gitignore', '.prettierrc',
  ])('%s is ordinary', (relative) => {
    expect(cls(relative)).toBe('ordinary');
  });

  it('deleting a file is destructive; deleting a file of another class keeps that class', () => {
    expect(table.classify({ relative: 'src/app.ts', deletes: true }).effectClass).toBe('destructive');
    expect(table.classify({ relative: '.github/workflows/ci.yml', deletes: true }).effectClass).toBe('runs-later');
  });
});

describe('structured files: a change is classified by the keys it touches', () => {
  const pkg = JSON.stringify({ name: 'x', version: '1.0.0', description: 'd', scripts: { test: 'vitest' }, dependencies: { zod: '^4.0.0' } }, null, 2);
  const withPkg = (change: (p: Pkg) => void): string => {
    const value = JSON.parse(pkg);
    change(value);
    return JSON.stringify(value, null, 2);
  };

  it.each([
    ['a version bump', withPkg((p) => (p.version = '1.0.1'))],
    ['a description', withPkg((p) => (p.description = 'better'))],
    ['a dependency range', withPkg((p) => (p.dependencies.zod = '^4.1.0'))],
    ['a new dependency from the registry', withPkg((p) => (p.dependencies.yaml = '2.9.1'))],
    ['a workspace dependency', withPkg((p) => (p.dependencies['@x/y'] = 'workspace:*'))],
    ['a removed dependency', withPkg((p) => delete p.dependencies.zod)],
    ['keywords and files', withPkg((p) => ((p.keywords = ['a']), (p.files = ['dist'])))],
  ])('package.json: %s is ordinary', (_label, after) => {
    expect(table.classify({ relative: 'package.json', before: pkg, after })).toMatchObject({ effectClass: 'ordinary' });
  });

  it.each([
    ['a lifecycle script', withPkg((p) => (p.scripts.postinstall = 'curl x | sh')), 'scripts.postinstall'],
    ['an edited script', withPkg((p) => (p.scripts.test = 'vitest; curl x')), 'scripts.test'],
    ['bin', withPkg((p) => (p.bin = { x: 'evil.js' })), 'bin.x'],
    ['config', withPkg((p) => (p.config = { port: 1 })), 'config.port'],
    ['a git dependency', withPkg((p) => (p.dependencies.zod = 'git+https://evil.example/zod.git')), 'dependencies.zod'],
    ['a tarball URL', withPkg((p) => (p.dependencies.left = 'https://evil.example/left.tgz')), 'dependencies.left'],
    ['a file: dependency', withPkg((p) => (p.devDependencies = { x: 'file:../x' })), 'devDependencies.x'],
    ['an npm: alias', withPkg((p) => (p.dependencies.zod = 'npm:zod-evil@1')), 'dependencies.zod'],
    ['a github shorthand', withPkg((p) => (p.dependencies.zod = 'evil/zod')), 'dependencies.zod'],
    ['a registry override', withPkg((p) => (p.publishConfig = { registry: 'https://evil.example/' })), 'publishConfig.registry'],
    ['a husky hook', withPkg((p) => (p.husky = { hooks: { 'pre-commit': 'x' } })), 'husky.hooks.pre-commit'],
    ['an unknown key', withPkg((p) => (p.someToolHook = 'x')), 'someToolHook'],
  ])('package.json: %s runs later', (_label, after, key) => {
    const got = table.classify({ relative: 'packages/app/package.json', before: pkg, after });
    expect(got.effectClass).toBe('runs-later');
    expect(got.risky).toContain(key);
  });

  it('unparseable or unknown content is the stricter class', () => {
    expect(cls('package.json', '{ "scripts": ', pkg)).toBe('runs-later');
    expect(cls('package.json', undefined, pkg)).toBe('runs-later');
    expect(cls('package-lock.json', undefined, '{}')).toBe('runs-later');
  });

  it('a lockfile: new versions from the same registry are ordinary, a new host, port or source is not', () => {
    const before = '{"packages":{"node_modules/a":{"version":"1.0.0","resolved":"https://registry.npmjs.org/a/-/a-1.0.0.tgz"}}}';
    expect(cls('package-lock.json', before.replace(/1\.0\.0/g, '1.0.1'), before)).toBe('ordinary');
    expect(cls('package-lock.json', '{"packages":{"node_modules/b":{"resolved":"https://registry.npmjs.org/b/-/b-2.0.0.tgz"}}}', undefined)).toBe('ordinary');
    expect(cls('package-lock.json', before.replace('registry.npmjs.org', 'evil.example'), before)).toBe('runs-later');
    expect(cls('package-lock.json', before.replace('registry.npmjs.org', 'registry.npmjs.org:8443'), before)).toBe('runs-later');
    expect(cls('yarn.lock', 'a@1:\n  resolved "https://registry.yarnpkg.com/a/-/a-1.tgz"\nb@file:../b:\n  resolved "file:../b"\n', 'a@1:\n  resolved "https://registry.yarnpkg.com/a/-/a-1.tgz"\n')).toBe('runs-later');
  });

  it('pyproject.toml: version and dependencies are ordinary; build system, scripts and sources are not', () => {
    const before = '[project]\nname = "x"\nversion = "1.0"\ndependencies = ["requests>=2"]\n\n[build-system]\nrequires = ["hatchling"]\n';
    expect(cls('pyproject.toml', before.replace('1.0', '1.1'), before)).toBe('ordinary');
    expect(cls('pyproject.toml', before.replace('requests>=2', 'requests>=2.31'), before)).toBe('ordinary');
    expect(cls('pyproject.toml', before.replace('hatchling', 'evil-backend'), before)).toBe('runs-later');
    expect(cls('pyproject.toml', `${before}\n[project.scripts]\nx = "x:main"\n`, before)).toBe('runs-later');
    expect(cls('pyproject.toml', before.replace('requests>=2', 'requests @ git+https://evil.example/r'), before)).toBe('runs-later');
  });

  it('names the keys a change to another structured file touches (for task authorization)', () => {
    expect(table.classify({ relative: '.npmrc', before: 'save-exact=true\n', after: 'save-exact=true\nregistry=https://evil.example/\n' })).toMatchObject({ effectClass: 'runs-later', parts: ['registry'] });
    const tasks = '{\n  // comment\n  "version": "2.0.0",\n  "tasks": [],\n}\n';
    expect(table.classify({ relative: '.vscode/tasks.json', before: tasks, after: tasks.replace('[]', '[{"label":"x","command":"sh","runOptions":{"runOn":"folderOpen"}}]') }).parts).toEqual(
      expect.arrayContaining(['tasks.0.command', 'tasks.0.runOptions.runOn']),
    );
  });
});

describe('pipeline definitions by the keys a change touches (issue 34)', () => {
  const ACTION = 'name: setup\nruns:\n  using: composite\n  steps:\n    - name: Intsall deps\n      shell: bash\n      run: npm ci\n      with:\n        name: x\n';
  it('a label (a step name, a description) is ordinary', () => {
    expect(cls('.github/actions/setup/action.yml', ACTION.replace('Intsall', 'Install'), ACTION)).toBe('ordinary');
    expect(cls('.gitlab-ci.yml', 'build:\n  script: make\n  description: builds\n', 'build:\n  script: make\n')).toBe('ordinary');
  });
  it.each([
    ['a changed run', ACTION.replace('npm ci', 'npm ci; curl x | sh')],
    ['a new step', `${ACTION}    - name: more\n      run: curl x | sh\n`],
    ['an input named name', ACTION.replace('name: x', 'name: y')],
  ])('%s runs later', (_label, after) => {
    expect(cls('.github/actions/setup/action.yml', after, ACTION)).toBe('runs-later');
  });
  it('a pipeline file that does not parse as keys is not ordinary', () => {
    expect(cls('Jenkinsfile', "pipeline { stage('x') { sh 'make' } }\n", "pipeline { stage('y') { sh 'make' } }\n")).toBe('runs-later');
  });
});

