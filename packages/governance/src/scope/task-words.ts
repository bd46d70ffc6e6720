/** Punctuation that ends a sentence or wraps a word in any of the CLI's languages, never part of the path the user meant. */
const TRAILING = /[.,;:!?)\]}>'"`»”’。，、।॥…]+$/u;
const LEADING = /^[(<[{'"`¿¡«“‘]+/u;

/** A task's words as written (paths, globs, hosts, `key=value`), without the punctuation around them. */
export function taskWords(task: string): string[] {
  return task
    .split(/[\s,;，、]+/u)
    .map((w) => w.replace(LEADING, '').replace(TRAILING, ''))
    .filter((w) => w.length > 0 && w.length <= 512 && !w.includes('\0'));
}
