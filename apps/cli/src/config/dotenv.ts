import { readFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from './repo-root.js';

const LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)?\s*$/;

function unquote(raw: string): string {
  const value = raw.trim();
  if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) {
    return value.slice(1, -1).replace(/\\n/g, '\n').replace(/\\r/g, '\r').replace(/\\t/g, '\t').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
  }
  if (value.startsWith("'") && value.endsWith("'") && value.length >= 2) return value.slice(1, -1);
  const hash = value.search(/\s#/);
  return (hash === -1 ? value : value.slice(0, hash)).trim();
}

/** Parses the common `.env` dialect: `KEY=value`, `export KEY=…`, quotes, `#` comments. */
export function parseDotenv(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i]!;
    if (/^\s*(#|$)/.test(line)) continue;
    // A double-quoted value may span lines.
    const open = /=\s*"/.exec(line);
    if (open && !/=\s*".*"\s*(#.*)?$/.test(line)) {
      while (i + 1 < lines.length && !line.trimEnd().endsWith('"')) line += `\n${lines[++i]!}`;
    }
    const match = LINE.exec(line.replace(/\n/g, '\\n'));
    if (!match) continue;
    out[match[1]!] = unquote(match[2] ?? '');
  }
  return out;
}

/**
 * Loads `.env` from the current directory, then from the repository root.
 * Never overwrites a variable that is already set (the environment wins, then
 * the nearer file). Returns the names it set — never the values.
 */
export function loadDotenv(cwd: string, env: NodeJS.ProcessEnv): string[] {
  const files = [path.join(cwd, '.env')];
  const root = findRepoRoot(cwd);
  if (root && path.resolve(root) !== path.resolve(cwd)) files.push(path.join(root, '.env'));
  const set: string[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const [key, value] of Object.entries(parseDotenv(text))) {
      if (env[key] !== undefined) continue;
      env[key] = value;
      set.push(key);
    }
  }
  return set;
}
