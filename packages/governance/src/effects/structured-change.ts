import { changedKeyLines, changedKeyPaths, changedParts, parseKeyLines } from './key-diff.js';
import type { Structure } from './effect-table.js';

/** The verdict of a structured diff: `ordinary` when only ordinary keys changed; the keys that are not. */
export interface StructuredVerdict {
  ordinary: boolean;
  /** Every key path the change touches (`version`, `scripts.count`). Undefined when a side does not parse. */
  parts?: string[];
  /** The touched key paths that made it not ordinary. */
  risky: string[];
}

/** package.json keys whose change is ordinary: metadata, entry points, tool configuration read only when the tool is run on purpose. */
const PACKAGE_ORDINARY = new Set([
  'name', 'version', 'description', 'keywords', 'homepage', 'bugs', 'license', 'licenses', 'author', 'contributors', 'maintainers', 'funding', 'files',
  'main', 'module', 'browser', 'types', 'typings', 'typesVersions', 'exports', 'imports', 'type', 'sideEffects', 'repository', 'private', 'engines', 'engineStrict', 'os', 'cpu',
  'workspaces', 'man', 'browserslist', 'eslintConfig', 'prettier', 'stylelint', 'jest', 'babel', 'c8', 'nyc', 'ava', 'mocha', 'xo', 'standard', 'size-limit', 'commitlint',
  'peerDependenciesMeta', 'bundleDependencies', 'bundledDependencies', 'displayName', 'publisher', 'icon', 'categories', 'galleryBanner', 'contributes', 'activationEvents',
  'unpkg', 'jsdelivr', 'style', 'sass', 'source', 'esnext', 'react-native', 'readme', 'markdownlint', 'remarkConfig', 'changeset', 'release', 'preferGlobal', 'gitHead', 'volta',
]);
/** Dependency maps: a version range is ordinary, a source (git, URL, file, alias) is not. */
const PACKAGE_DEPENDENCIES = new Set(['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies', 'overrides', 'resolutions']);

/** A dependency spec that names where the package comes from instead of which version of it. */
export function isDependencySource(spec: unknown): boolean {
  if (typeof spec !== 'string') return spec !== undefined && typeof spec !== 'object';
  const value = spec.trim();
  if (/^(workspace|catalog):/.test(value)) return false;
  return value.includes(':') || value.includes('/') || value.includes('\\');
}

function valueAt(root: unknown, keyPath: string): unknown {
  let node = root;
  for (const key of keyPath.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

function parseObject(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * package.json by the keys a change touches: `scripts` (every lifecycle hook lives there), `bin`,
 * `config`, hook-manager keys (`husky`, `simple-git-hooks`, `lint-staged`…), `publishConfig`,
 * `packageManager`, `pnpm` and any key not known to be ordinary are `runs-later`; so is a dependency
 * whose spec is a source (git, URL, `file:`, `link:`, `npm:` alias, `user/repo`). A version range,
 * a removed dependency, `version`, `description` and the like are ordinary.
 */
export function packageJsonChange(before: string | undefined, after: string | undefined): StructuredVerdict {
  if (after === undefined) return { ordinary: false, risky: ['(unknown content)'] };
  const a = parseObject(before);
  const b = parseObject(after);
  if (a === undefined || b === undefined) return { ordinary: false, risky: ['(unparseable)'] };
  const parts = changedKeyPaths(a, b);
  const risky = parts.filter((part) => {
    const top = part.split('.')[0] ?? part;
    if (PACKAGE_ORDINARY.has(top)) return false;
    if (PACKAGE_DEPENDENCIES.has(top)) return part !== top && isDependencySource(valueAt(b, part));
    return true;
  });
  return { ordinary: risky.length === 0, parts, risky };
}

/** pyproject.toml sections (prefixes) whose change runs later: the build backend, entry points, package sources. */
const PYPROJECT_RISKY = /^(build-system|project\.scripts|project\.gui-scripts|project\.entry-points|tool\.poetry\.scripts|tool\.poetry\.plugins|tool\.poetry\.source|tool\.hatch\.build|tool\.hatch\.envs|tool\.hatch\.metadata\.hooks|tool\.pdm\.scripts|tool\.pdm\.source|tool\.pdm\.build|tool\.setuptools\.cmdclass|tool\.setuptools\.data-files|tool\.uv\.sources|tool\.uv\.index|tool\.uv\.pip|tool\.uv\.(index-url|extra-index-url|find-links)|tool\.scikit-build|tool\.maturin|tool\.cibuildwheel)/;
const SOURCE_TEXT = /(git\+|:\/\/|@\s*file:|\bpath\s*=|\burl\s*=|\bgit\s*=|index-url)/;

/** pyproject.toml read key by key (see `PYPROJECT_RISKY`); a dependency line naming a source is not ordinary. */
export function pyprojectChange(before: string | undefined, after: string | undefined): StructuredVerdict {
  if (after === undefined) return { ordinary: false, risky: ['(unknown content)'] };
  const a = parseKeyLines(before ?? '');
  const b = parseKeyLines(after);
  const parts = changedKeyLines(a, b);
  const risky = parts.filter((part) => PYPROJECT_RISKY.test(part) || SOURCE_TEXT.test(b[part] ?? ''));
  return { ordinary: risky.length === 0, parts, risky };
}

/** Registries a lockfile may name without anyone saying so. */
const DEFAULT_REGISTRY_HOSTS = new Set([
  'registry.npmjs.org', 'registry.yarnpkg.com', 'registry.npmmirror.com', 'pypi.org', 'files.pythonhosted.org', 'index.crates.io', 'static.crates.io',
  'github.com/rust-lang/crates.io-index', 'rubygems.org', 'repo.packagist.org', 'proxy.golang.org', 'jsr.io', 'npm.jsr.io', 'deno.land',
]);
const URL_IN_TEXT = /\b((?:[a-z][a-z0-9.-]*\+)?[a-z][a-z0-9.-]*):\/\/(?:[^\s"'@/]+@)?([^\s"'/:#?]+)(?::(\d+))?(\/rust-lang\/crates\.io-index)?/gi;
const LOCAL_SPEC = /(?:^|[\s"'@(])((?:file|link|portal|patch|git|github|gitlab|bitbucket|exec):)[^\s"']*/g;

/** The origins (`https://host:port`) and local or git specs a lockfile names. */
export function lockfileOrigins(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(URL_IN_TEXT)) {
    const scheme = (m[1] ?? '').toLowerCase().replace(/^(registry|sparse)\+/, '');
    const host = (m[2] ?? '').toLowerCase();
    const full = m[4] ? `${host}${m[4]}` : host;
    if (DEFAULT_REGISTRY_HOSTS.has(full) && (scheme === 'https' || scheme === 'git+https' || scheme === 'git') && m[3] === undefined) continue;
    out.add(`${scheme}://${host}${m[3] ? `:${m[3]}` : ''}`);
  }
  for (const m of text.matchAll(LOCAL_SPEC)) out.add(m[1] ?? '');
  return out;
}

/**
 * A lockfile by where its packages come from: a change that adds no origin (scheme, host and port)
 * beyond the ones it already had and the public registries — new versions, new packages from the
 * same registry — is ordinary; a new host, a non-default port, a git/file/link source is not.
 */
export function lockfileChange(before: string | undefined, after: string | undefined): StructuredVerdict {
  if (after === undefined) return { ordinary: false, risky: ['(unknown content)'] };
  const known = lockfileOrigins(before ?? '');
  const risky = [...lockfileOrigins(after)].filter((origin) => !known.has(origin));
  return { ordinary: risky.length === 0, parts: risky, risky };
}

/** Keys of a pipeline definition that only label things: a step's or job's `name`, an action's `description`. */
const PIPELINE_LABELS = new Set(['name', 'description', 'author', 'branding', 'icon', 'color', 'run-name', 'display-name', 'displayname', 'label']);

const PIPELINE_VALUES = new Set(['with', 'env', 'inputs', 'outputs', 'variables', 'vars', 'secrets', 'args', 'parameters', 'environment']);

/**
 * A CI or build-pipeline definition by the keys a change touches: renaming a step or fixing a typo
 * in its label is ordinary; every other key (`run`, `uses`, `with`, `env`, triggers, a new step) runs
 * on push with CI's secrets. A file that does not parse as keys (a Jenkinsfile) is not ordinary.
 */
export function pipelineChange(relative: string, before: string | undefined, after: string | undefined): StructuredVerdict {
  if (after === undefined) return { ordinary: false, risky: ['(unknown content)'] };
  const parts = changedParts(relative, before, after);
  if (parts === undefined) return { ordinary: false, risky: ['(unparseable)'] };
  const label = (part: string): boolean => {
    const keys = part.split('.').filter((s) => !/^\d+$/.test(s)).map((s) => s.toLowerCase());
    const last = keys.at(-1);
    // `with.name`, `env.name`, `inputs.name`: a value handed to code, not a label.
    return last !== undefined && PIPELINE_LABELS.has(last) && !PIPELINE_VALUES.has(keys.at(-2) ?? '');
  };
  const risky = parts.filter((part) => !label(part));
  return { ordinary: risky.length === 0 && parts.length > 0, parts, risky };
}

/** The structured verdict for a file of the given structure. */
export function structuredChange(structure: Structure, before: string | undefined, after: string | undefined, relative = ''): StructuredVerdict {
  if (structure === 'pipeline') return pipelineChange(relative, before, after);
  if (structure === 'package-json') return packageJsonChange(before, after);
  if (structure === 'pyproject') return pyprojectChange(before, after);
  if (structure === 'lockfile') return lockfileChange(before, after);
  return { ordinary: false, risky: ['(no structured reading)'] };
}
