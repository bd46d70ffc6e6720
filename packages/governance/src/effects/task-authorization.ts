import type { RunScope } from '@warden/protocol';
import { taskWords } from '../scope/task-words.js';
import type { ClassifiedChange, FileChange } from './effect-classifier.js';
import { addedText } from './planted-origin.js';

/** Words that ask to delete, in the CLI's four languages. */
const DELETE_WORDS = new Set(['delete', 'remove', 'rm', 'erase', 'drop', 'borra', 'elimina', 'quita', 'supprime', 'supprimez', 'efface', 'effacez', 'retire', 'हटाओ', 'हटाएँ', 'हटाएं', 'मिटाओ', 'डिलीट']);

function baseName(relative: string): string {
  return relative.slice(relative.lastIndexOf('/') + 1);
}

/** The task's own entry naming exactly this file (`file` entry, or `**\/<name>` from a bare file name), or undefined. */
function namedFile(scope: RunScope, relative: string): string | undefined {
  const base = baseName(relative);
  const hit = scope.paths.find((p) => p.origin === 'task' && ((p.kind === 'file' && p.pattern === relative) || (p.kind === 'glob' && p.pattern === `**/${base}`)));
  return hit?.pattern;
}

/** The word that names a key path: its last segment that is not an array index (`scripts.count` → `count`). */
function keyWord(part: string): string | undefined {
  if (part.includes('://')) return part.replace(/^[^:]+:\/\//, '').toLowerCase();
  const segments = part.split('.').filter((s) => !/^\d+$/.test(s));
  return segments.at(-1)?.toLowerCase();
}

/**
 * A file that runs later and has no keys (`.envrc`, a shell rc, a hook script): the task names the
 * change in so many words when every line it adds is made of the task's own words
 * ("add `export NODE_ENV=development` to .envrc" authorizes exactly that line, not a `curl` beside it).
 */
function linesNamed(words: readonly string[], change: FileChange): boolean {
  const added = addedText(change.before, change.after ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '');
  if (added.length === 0) return false;
  const known = new Set(words);
  return added.every((line) => {
    const tokens = taskWords(line).map((w) => w.toLowerCase());
    return tokens.length > 0 && tokens.every((t) => known.has(t));
  });
}

/**
 * Whether the task authorizes this specific non-ordinary change in so many words (issue 34): the task
 * asks for a change, names the file itself (not a folder or a glob), and — for a file that runs later
 * — names every key the change touches that is not ordinary (`add a \`count\` script to
 * package.json` authorizes `scripts.count`, nothing else); a deletion needs a word asking to delete.
 * An instruction file's whole text is its executable part, so naming the file is enough. Credentials,
 * outside paths and changes whose keys cannot be named (content unknown or unparseable) are never
 * authorized by words. Returns the scope entry that authorized it (`task:package.json#scripts.count`).
 */
export function taskAuthorizes(scope: RunScope | undefined, relative: string, change: ClassifiedChange, deletes = false, fileChange?: FileChange): string | undefined {
  if (scope?.task === undefined || !scope.task.asksForChange) return undefined;
  if (change.effectClass === 'credentials' || change.effectClass === 'outside' || change.effectClass === 'egress') return undefined;
  const file = namedFile(scope, relative);
  if (file === undefined) return undefined;
  const words = new Set(scope.task.words);
  if (deletes) return scope.task.words.some((w) => DELETE_WORDS.has(w)) ? `task:${file}#delete` : undefined;
  if (change.effectClass === 'instructs-agents') return `task:${file}`;
  const keys = change.risky ?? change.parts;
  if (keys === undefined && file !== undefined && fileChange?.after !== undefined) return linesNamed(scope.task.words, fileChange) ? `task:${file}#lines` : undefined;
  if (keys === undefined || keys.length === 0 || keys.some((k) => k.startsWith('('))) return undefined;
  for (const key of keys) {
    const word = keyWord(key);
    if (word === undefined) return undefined;
    const named = key.includes('://') ? scope.task.words.some((w) => w.includes(word)) : words.has(word);
    if (!named) return undefined;
  }
  return `task:${file}#${keys.join(',')}`;
}
