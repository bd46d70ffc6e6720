// Reads the "## Public surface" section of a package README and the names each built entry point exports,
// so a test can keep the two equal (a README that lists what the code no longer has is worse than none).
//
// The README convention:
//
//   ## Public surface
//
//   ### `@warden/pkg`              <- one sub-heading per entry of package.json `exports`, named by its import specifier
//
//   - `nameA`, `nameB(options)` — what they are     <- bullets: the backticked names before the first " — "
//   | `nameC` | what it is |                          <- or table rows: the backticked names in the first cell
//
// Every runtime export of the entry must be listed; type-only exports may be listed (they are checked
// against the entry's declaration file) but need not be.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const IDENTIFIER = /^[A-Za-z_$][\w$]*/;

/** The text of one `## heading` section (up to the next `## `), or undefined. */
function section(markdown, heading) {
  const lines = markdown.split('\n');
  const start = lines.findIndex((l) => l.trim() === `## ${heading}`);
  if (start < 0) return undefined;
  const end = lines.findIndex((l, i) => i > start && /^## /.test(l));
  return lines.slice(start + 1, end < 0 ? undefined : end);
}

/** The backticked names of one list line: bullets before " — ", table rows in the first cell. */
function namesOfLine(line) {
  const trimmed = line.trim();
  let head;
  if (trimmed.startsWith('- ')) head = trimmed.slice(2).split(' — ')[0];
  else if (trimmed.startsWith('|')) head = trimmed.split('|')[1] ?? '';
  else return [];
  return [...head.matchAll(/`([^`]+)`/g)].map((m) => {
    const name = IDENTIFIER.exec(m[1])?.[0];
    if (!name) throw new Error(`not a name in the public-surface list: \`${m[1]}\` (line: ${trimmed})`);
    return name;
  });
}

/**
 * The names a README's "## Public surface" section lists, per entry specifier (`@warden/x`, `@warden/x/testing`).
 * @returns {Map<string, string[]> | undefined} undefined when the README has no such section
 */
export function readmeSurface(markdown) {
  const lines = section(markdown, 'Public surface');
  if (!lines) return undefined;
  const out = new Map();
  let current;
  for (const line of lines) {
    const heading = /^### `([^`]+)`\s*$/.exec(line);
    if (heading) {
      current = [];
      out.set(heading[1], current);
    } else if (current) {
      current.push(...namesOfLine(line));
    }
  }
  return out;
}

/** `./testing` of `@warden/x` → `@warden/x/testing`. */
export function specifierOf(packageName, subpath) {
  return subpath === '.' ? packageName : `${packageName}/${subpath.slice(2)}`;
}

/**
 * The JavaScript entry points of a manifest's `exports` (JSON files and `./package.json` have no names to list).
 * @returns {{ subpath: string, specifier: string, js: string, types: string | undefined }[]}
 */
export function jsEntries(manifest, dir) {
  const out = [];
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const js = typeof target === 'string' ? target : (target.import ?? target.default);
    if (typeof js !== 'string' || !/\.m?js$/.test(js)) continue;
    const types = typeof target === 'object' ? target.types : undefined;
    out.push({
      subpath,
      specifier: specifierOf(manifest.name, subpath),
      js: join(dir, js),
      types: types ? join(dir, types) : undefined,
    });
  }
  return out;
}

/**
 * Every name (values and types) each declaration file exports, read with the TypeScript compiler
 * (one program for all files: building one per file is most of the check's time).
 * @returns {Map<string, string[]>}
 */
export function declaredNames(dtsFiles) {
  for (const file of dtsFiles) if (!existsSync(file)) throw new Error(`${file} is missing: build the package first`);
  const program = ts.createProgram(dtsFiles, { noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const out = new Map();
  for (const file of dtsFiles) {
    const source = program.getSourceFile(file);
    const symbol = source && checker.getSymbolAtLocation(source);
    out.set(file, symbol ? checker.getExportsOfModule(symbol).map((s) => s.getName()) : []);
  }
  return out;
}

/** What is wrong between one entry's runtime/declared names and the README's list for it. */
export function surfaceProblems({ specifier, runtime, declared, listed }) {
  if (!listed) return [`the README has no "### \`${specifier}\`" list under "## Public surface"`];
  const problems = [];
  const listedSet = new Set(listed);
  const known = new Set([...runtime, ...declared]);
  for (const name of runtime) if (!listedSet.has(name)) problems.push(`${specifier} exports \`${name}\`, which its README does not list`);
  for (const name of listed) if (!known.has(name)) problems.push(`the README lists \`${name}\` under ${specifier}, which it does not export`);
  return problems;
}

/**
 * The names a markdown text imports from Warden packages in its code examples: `import { a, type B } from '@warden/x'`.
 * @returns {{ specifier: string, name: string }[]}
 */
export function exampleImports(markdown) {
  const out = [];
  for (const match of markdown.matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"](@warden\/[^'"]+)['"]/g)) {
    for (const part of match[1].split(',')) {
      const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0].trim();
      if (name) out.push({ specifier: match[2], name });
    }
  }
  return out;
}

export function readText(file) {
  return readFileSync(file, 'utf8');
}
