import { yamlModule } from '../policy/yaml-module.js';

/** A parsed value of a structured file, or `undefined` when it does not parse. */
export type Parsed = unknown;

/** JSON with comments and trailing commas (VS Code's tasks.json, tsconfig), as plain JSON. */
export function parseJsonc(text: string): Parsed {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (ch === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (ch === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i += 1;
    } else if (ch === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      out += ch;
      i += 1;
    }
  }
  try {
    return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1'));
  } catch {
    return undefined;
  }
}

export function parseYaml(text: string): Parsed {
  try {
    return yamlModule().parse(text, { maxAliasCount: 100 }) ?? {};
  } catch {
    return undefined;
  }
}

/**
 * `key = value` lines under `[section]` headers (INI, `.npmrc`, TOML read line by line): each key as
 * `section.key` with its value text; continuation lines (multi-line TOML arrays) join the key above.
 */
export function parseKeyLines(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  let section = '';
  let last: string | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s*[#;].*$/, '').trim();
    if (line === '') continue;
    const header = /^\[\[?\s*([^\]]+?)\s*\]\]?$/.exec(line);
    if (header) {
      section = (header[1] ?? '').replace(/["']/g, '');
      last = undefined;
      continue;
    }
    const pair = /^("[^"]*"|'[^']*'|[^=:\s][^=]*?)\s*[=:]\s*(.*)$/.exec(line);
    if (pair && !/^[\]}),]/.test(line)) {
      const key = (pair[1] ?? '').replace(/^["']|["']$/g, '');
      last = section === '' ? key : `${section}.${key}`;
      out[last] = pair[2] ?? '';
    } else if (last !== undefined) {
      out[last] = `${out[last] ?? ''}\n${line}`;
    } else {
      out[`${section}.${line}`] = '';
    }
  }
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The key paths whose values differ between two parsed documents (`scripts.count`, `version`,
 * `runs.steps.1.run`): added, removed or changed leaves, and whole subtrees that changed type.
 */
export function changedKeyPaths(before: unknown, after: unknown, prefix = '', out: string[] = [], depth = 0): string[] {
  if (depth > 32) {
    out.push(prefix);
    return out;
  }
  // An added or removed object counts key by key (a new `scripts` block names each script).
  const a = before === undefined && isObject(after) ? {} : before;
  const b = after === undefined && isObject(before) ? {} : after;
  if (isObject(a) && isObject(b)) {
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      changedKeyPaths(a[key], b[key], prefix === '' ? key : `${prefix}.${key}`, out, depth + 1);
    }
    return out;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) changedKeyPaths(a[i], b[i], prefix === '' ? String(i) : `${prefix}.${i}`, out, depth + 1);
    return out;
  }
  if (JSON.stringify(before) !== JSON.stringify(after)) out.push(prefix);
  return out;
}

/** `changedKeyPaths` over key lines (`parseKeyLines`). */
export function changedKeyLines(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]);
}

/** How a file's keys are read for a generic structured diff, from its name. */
export function keyFormat(relative: string): 'json' | 'yaml' | 'lines' | undefined {
  const base = relative.slice(relative.lastIndexOf('/') + 1).toLowerCase();
  if (/\.(json|jsonc|json5|code-workspace)$/.test(base) || base === '.babelrc' || base === '.eslintrc') return 'json';
  if (/\.(ya?ml)$/.test(base) || base === '.yarnrc.yml') return 'yaml';
  if (/\.(toml|ini|cfg|conf)$/.test(base) || ['.npmrc', '.yarnrc', '.pypirc', '.gitmodules', '.gitconfig', '.condarc', '.gemrc', '.bowerrc', '.editorconfig'].includes(base)) return 'lines';
  return undefined;
}

/**
 * The keys a change touches in a structured file of any kind `keyFormat` knows, or undefined when
 * either side does not parse (then nothing narrower than the whole file can be named).
 */
export function changedParts(relative: string, before: string | undefined, after: string | undefined): string[] | undefined {
  if (after === undefined) return undefined;
  const format = keyFormat(relative);
  if (format === undefined) return undefined;
  if (format === 'lines') return changedKeyLines(parseKeyLines(before ?? ''), parseKeyLines(after));
  const parse = format === 'json' ? parseJsonc : parseYaml;
  const a = before === undefined || before.trim() === '' ? {} : parse(before);
  const b = after.trim() === '' ? {} : parse(after);
  if (a === undefined || b === undefined) return undefined;
  return changedKeyPaths(a, b);
}
