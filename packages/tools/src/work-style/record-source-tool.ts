import { z } from 'zod';
import type { LedgerSource, ToolV1 } from '@warden/protocol';
import { defineTool } from '../define-tool.js';

/** The run note the source ledger is kept under (`ToolContext.notes`). */
export const SOURCES_NOTE_KEY = 'sources';

export interface RecordSourceOptions {
  /** The most sources the ledger takes (the research depth's bound). */
  maxSources: number;
  /**
   * True when something in the run returned or named `ref` (a tool result, a tool argument, the
   * task): a source cannot be invented after the fact. Absent: every ref is taken.
   */
  seen?: (runId: string, ref: string) => boolean;
  /** Sees each ledger after a change (the harness checks the final answer's citations against it). */
  onChange?: (runId: string, sources: readonly LedgerSource[]) => void;
  now?: () => Date;
}

/** The ledger read back from the run's notes (empty when there is none or it does not read). */
export function storedSources(value: unknown): LedgerSource[] {
  if (!Array.isArray(value)) return [];
  return value.filter((s): s is LedgerSource => typeof s === 'object' && s !== null && typeof (s as LedgerSource).id === 'number' && typeof (s as LedgerSource).ref === 'string');
}

/** The ledger as a Sources section: `- [1] title — ref`. */
export function formatSources(sources: readonly LedgerSource[]): string {
  return sources.map((s) => `- [${s.id}] ${s.title ? `${s.title} — ` : ''}${s.ref}`).join('\n');
}

/**
 * `record_source` (the research style, issue 47): adds what the agent relies on to the run's
 * numbered source ledger and returns the number to cite. It changes only the run's notes; a ref
 * nothing in the run returned or named is refused, and the ledger is bounded by the depth.
 */
export function recordSourceTool(options: RecordSourceOptions): ToolV1 {
  return defineTool({
    name: 'record_source',
    description: `Record a source you read and what it supports; you get back its number. Cite sources in your answer as [n]. Only sources you actually read in this run (a URL or file path a tool returned or you passed to a tool). At most ${options.maxSources} sources.`,
    input: z.strictObject({
      ref: z.string().trim().min(1).max(2000).describe('The URL or workspace path you read.'),
      title: z.string().trim().max(300).optional(),
      finding: z.string().trim().min(1).max(1000).describe('What this source supports, in one or two sentences.'),
    }),
    annotations: { readOnly: true },
    execute(args, ctx) {
      const ledger = storedSources(ctx.notes?.get(SOURCES_NOTE_KEY));
      const known = ledger.find((s) => s.ref === args.ref);
      if (known) return `Already recorded as [${known.id}]. Cite it as [${known.id}].`;
      if (ledger.length >= options.maxSources) return { content: `The ledger is full (${options.maxSources} sources at this depth): cite the sources you have.`, isError: true };
      if (options.seen && !options.seen(ctx.runId, args.ref)) {
        return { content: `Nothing in this run returned or named ${JSON.stringify(args.ref)}: read it first, then record it.`, isError: true };
      }
      const source: LedgerSource = { id: ledger.length + 1, ref: args.ref, ...(args.title ? { title: args.title } : {}), finding: args.finding, date: (options.now?.() ?? new Date()).toISOString() };
      const next = [...ledger, source];
      ctx.notes?.set(SOURCES_NOTE_KEY, next);
      ctx.emit({ type: 'progress', message: `source [${source.id}] ${source.ref}`, sources: next });
      options.onChange?.(ctx.runId, next);
      return `Recorded as [${source.id}]. Cite it as [${source.id}].`;
    },
  });
}
