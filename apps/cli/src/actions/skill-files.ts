import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError } from '../cli/cli-error.js';

/** The skill's folder name, and where `warden skill install` writes it by default. */
export const SKILL_NAME = 'warden';
export const DEFAULT_SKILL_DIR = path.join('.claude', 'skills', SKILL_NAME);
/** Written next to an installed copy: the hash of each file as warden wrote it. */
export const SKILL_MANIFEST = '.warden-skill.json';

/** One file of the skill: its path inside the skill folder (with `/`) and its bytes. */
export interface SkillFile {
  name: string;
  content: Buffer;
}

export interface SkillManifest {
  version: string;
  files: Record<string, string>;
}

/**
 * The skill folder shipped in the package (`@warden/cli/skills/warden`): one level above
 * `dist/` when built, two above `src/actions/` when run from source.
 */
export function shippedSkillDir(): string {
  const candidates = ['../skills/warden/', '../../skills/warden/'].map((rel) => fileURLToPath(new URL(rel, import.meta.url)));
  const found = candidates.find((dir) => existsSync(path.join(dir, 'SKILL.md')));
  if (found) return found;
  throw new CliError({
    code: 'cli.invalid_file',
    message: `cannot use ${candidates[0]!}: the skill is missing from this installation`,
    key: 'error.invalidFile',
    params: { file: path.join(candidates[0]!, 'SKILL.md'), reason: 'missing from this installation' },
    hintKey: 'hint.unexpected',
  });
}

/** Every file of a skill folder, sorted, with `/` separators. */
export function readSkillFiles(dir: string): SkillFile[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((name) => name !== SKILL_MANIFEST)
    .sort()
    .map((name) => ({ name, content: readFileSync(path.join(dir, name)) }));
}

export function sha256(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** The manifest of an installed copy, or an empty one when it is missing or unreadable. */
export function readManifest(dir: string): SkillManifest {
  try {
    const parsed = JSON.parse(readFileSync(path.join(dir, SKILL_MANIFEST), 'utf8')) as Partial<SkillManifest>;
    const files = parsed.files !== null && typeof parsed.files === 'object' ? parsed.files : {};
    return { version: String(parsed.version ?? ''), files: Object.fromEntries(Object.entries(files).filter(([, hash]) => typeof hash === 'string')) };
  } catch {
    return { version: '', files: {} };
  }
}
