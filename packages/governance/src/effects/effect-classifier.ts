import type { EffectClass } from '@warden/protocol';
import { pathGlobRegExp } from '../scope/path-glob.js';
import { EFFECT_TABLE, type EffectRow } from './effect-table.js';
import { hooksPaths } from './hooks-path.js';
import { changedParts } from './key-diff.js';
import { structuredChange } from './structured-change.js';

/** A change to one file: where it lands (workspace-relative, resolved) and its content before and after, when known. */
export interface FileChange {
  relative: string;
  /** The content before; undefined for a new file or when it cannot be read. */
  before?: string;
  /** The content after; undefined when the change's content is not known (a shell command, a tool of unknown shape). */
  after?: string;
  /** True when the change deletes the file (or directory). */
  deletes?: boolean;
}

/** What a change is: its class, the table row that said so, and the keys it touches. */
export interface ClassifiedChange {
  effectClass: EffectClass;
  /** The table row's reason, or `ordinary`. */
  why: string;
  /** The glob of the row that matched. */
  glob?: string;
  /** Keys the change touches, when the file is structured and both sides parse. */
  parts?: string[];
  /** The touched keys that made a structured change not ordinary. */
  risky?: string[];
}

export interface EffectClassifierSettings {
  workspace: string;
  /** Extra workspace-relative globs of instruction files (the memory file, the skills folder). */
  instructionFiles?: readonly string[];
  /** Rows added in front of the built-in table (they win). */
  rows?: readonly EffectRow[];
}

export interface EffectClassifier {
  /** The table row a workspace-relative path falls under, or undefined for ordinary content. */
  rowFor(relative: string): EffectRow | undefined;
  /** The class of a change to one file (path plus content before/after: a structured diff where the table says so). */
  classify(change: FileChange): ClassifiedChange;
}

interface CompiledRow {
  row: EffectRow;
  regex: RegExp;
}

/**
 * The effect table compiled for one workspace (governance owns it; the gate uses it). Git hooks are
 * wherever `core.hooksPath` points, read from `.git/config` on each call.
 */
export function effectClassifier(settings: EffectClassifierSettings): EffectClassifier {
  const extra: EffectRow[] = (settings.instructionFiles ?? []).map((glob) => ({ glob, class: 'instructs-agents', why: 'a configured instruction file or skills folder' }));
  const rows: CompiledRow[] = [...(settings.rows ?? []), ...extra, ...EFFECT_TABLE].map((row) => ({ row, regex: pathGlobRegExp(row.glob, { dot: true }) }));

  function rowFor(relative: string): EffectRow | undefined {
    for (const hooks of hooksPaths(settings.workspace)) {
      if (relative === hooks || relative.startsWith(`${hooks}/`)) return { glob: `${hooks}/**`, class: 'runs-later', why: 'git hooks (core.hooksPath)' };
    }
    return rows.find((r) => r.regex.test(relative))?.row;
  }

  return {
    rowFor,
    classify(change) {
      const row = rowFor(change.relative);
      if (change.deletes === true) return { effectClass: row?.class ?? 'destructive', why: row?.why ?? 'deletes', ...(row ? { glob: row.glob } : {}) };
      if (row === undefined) return { effectClass: 'ordinary', why: 'ordinary' };
      const parts = changedParts(change.relative, change.before, change.after);
      if (row.structure !== undefined) {
        const verdict = structuredChange(row.structure, change.before, change.after, change.relative);
        const touched = verdict.parts ?? parts;
        if (verdict.ordinary) return { effectClass: 'ordinary', why: `${row.why}: only ordinary keys changed`, glob: row.glob, ...(touched ? { parts: touched } : {}) };
        return { effectClass: row.class, why: row.why, glob: row.glob, ...(touched ? { parts: touched } : {}), risky: verdict.risky };
      }
      return { effectClass: row.class, why: row.why, glob: row.glob, ...(parts ? { parts } : {}) };
    },
  };
}
