import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { JsonObject } from '@warden/protocol';
import { terminalSafe } from '@warden/protocol/vocabulary';
import { unifiedDiff } from './line-diff.js';
import type { TerminalStyle } from './terminal-style.js';

/** How many lines of a diff or a new file an approval question shows. */
export const PREVIEW_LINES = 40;
/** Larger files are not read for a preview (the edit's own text is diffed instead). */
const MAX_FILE_BYTES = 1_000_000;

export interface PreviewText {
  /** The preview's lines, plain (no colour) and terminal-safe. */
  lines: string[];
  /** Lines left out beyond the bound. */
  omitted: number;
  kind: 'diff' | 'create';
}

/** The file's current text when it is a regular file inside the workspace and small enough, else undefined. */
function currentText(workdir: string | undefined, file: string): string | undefined {
  if (!workdir) return undefined;
  const resolved = path.resolve(workdir, file);
  const relative = path.relative(workdir, resolved);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  try {
    const stat = statSync(resolved);
    if (!stat.isFile() || stat.size > MAX_FILE_BYTES) return undefined;
    return readFileSync(resolved, 'utf8');
  } catch {
    return undefined;
  }
}

function replaced(text: string, oldText: string, newText: string, all: boolean): string | undefined {
  const at = text.indexOf(oldText);
  if (at === -1) return undefined;
  return all ? text.split(oldText).join(newText) : `${text.slice(0, at)}${newText}${text.slice(at + oldText.length)}`;
}

function bounded(lines: string[], kind: PreviewText['kind']): PreviewText {
  const safe = lines.map((line) => terminalSafe(line.replaceAll('\t', '  ')));
  return { lines: safe.slice(0, PREVIEW_LINES), omitted: Math.max(0, safe.length - PREVIEW_LINES), kind };
}

/**
 * What an edit or write would change, for a person deciding on it: a unified diff of the file
 * for `edit_file` and for `write_file` over an existing file, the first lines of a new file
 * for `write_file` of one. Undefined for other calls (they keep their arguments).
 */
export function approvalPreview(tool: string, args: JsonObject, workdir: string | undefined): PreviewText | undefined {
  const file = typeof args.path === 'string' ? args.path : undefined;
  if (!file) return undefined;
  if (tool === 'edit_file' && typeof args.oldText === 'string' && typeof args.newText === 'string') {
    const current = currentText(workdir, file);
    const after = current === undefined ? undefined : replaced(current, args.oldText, args.newText, args.replaceAll === true);
    // The file as it is, when the edit applies to it; else the edit's own two texts.
    const lines = after !== undefined ? unifiedDiff(current!, after) : unifiedDiff(args.oldText, args.newText);
    return bounded(lines, 'diff');
  }
  if (tool === 'write_file' && typeof args.content === 'string') {
    const current = currentText(workdir, file);
    if (current !== undefined) return bounded(unifiedDiff(current, args.content), 'diff');
    const lines = args.content.endsWith('\n') ? args.content.slice(0, -1).split('\n') : args.content.split('\n');
    return bounded(
      lines.map((line) => `+${line}`),
      'create',
    );
  }
  return undefined;
}

/** The preview's lines coloured: removed red, added green, hunk headers cyan (plain without colour). */
export function paintPreview(preview: PreviewText, style: TerminalStyle): string[] {
  return preview.lines.map((line) => {
    if (line.startsWith('@@')) return style.cyan(line);
    if (line.startsWith('+')) return style.green(line);
    if (line.startsWith('-')) return style.red(line);
    return line;
  });
}
