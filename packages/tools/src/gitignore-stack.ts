import type { Ignore } from 'ignore';
import { loadIgnore } from './cjs-deps.js';

interface Level {
  /** Workspace-relative directory holding the .gitignore ('' for the root). */
  base: string;
  matcher: Ignore;
}

/**
 * The `.gitignore` files on the way down a tree. Deeper files override
 * shallower ones, as in git (a `!pattern` below re-includes what a parent
 * ignored); an ignored directory is not entered at all.
 */
export class GitignoreStack {
  private readonly levels: Level[] = [];

  /** Adds the `.gitignore` content found in directory `base`. */
  push(base: string, content: string): void {
    this.levels.push({ base, matcher: loadIgnore()({ allowRelativePaths: true }).add(content) });
  }

  /** Drops the most recent level (when leaving the directory that pushed it). */
  pop(): void {
    this.levels.pop();
  }

  /** Whether a workspace-relative path is ignored. */
  ignores(relative: string, isDirectory: boolean): boolean {
    let ignored = false;
    for (const level of this.levels) {
      if (level.base !== '' && !relative.startsWith(`${level.base}/`)) continue;
      const local = level.base === '' ? relative : relative.slice(level.base.length + 1);
      const result = level.matcher.test(isDirectory ? `${local}/` : local);
      if (result.ignored) ignored = true;
      else if (result.unignored) ignored = false;
    }
    return ignored;
  }
}
