import { z } from 'zod';
import type { MemoryHit, MemoryRecord, SemanticMemory, ToolV1 } from '@warden/protocol';
import { defineTool } from '../define-tool.js';
import { UNTRUSTED_FACT_MARK } from './memory-tools.js';

const MAX_FACT_CHARS = 2000;
const SCOPES = ['user', 'session', 'tenant', 'global'] as const;

function line(record: MemoryRecord | MemoryHit): string {
  const score = 'score' in record ? ` (similarity ${record.score.toFixed(2)})` : '';
  return `- [${record.scope}${record.pinned ? ', pinned' : ''}] ${record.key}${score}: ${record.untrusted ? `${UNTRUSTED_FACT_MARK} ` : ''}${record.fact}`;
}

/**
 * `memory_remember` and `recall` over a semantic memory (a `SemanticMemory` bound to the run's trace,
 * e.g. `@warden/knowledge`'s `knowledgeMemory`): facts found by meaning, in scopes `user` (default),
 * `session`, `tenant` and `global`, each query held to the trace by the store. The names, the
 * untrusted mark and so the harness's recall taint are those of `memoryTools`: a fact written by a
 * tainted run is stored marked, and recalling it taints the reader.
 */
export function semanticMemoryTools(memory: SemanticMemory): ToolV1[] {
  const writable = memory.writableScopes;
  const remember = defineTool({
    name: 'memory_remember',
    description: `Remember a fact for later runs, under a short key (the same key in the same scope replaces it). scope: ${writable.join(', ')} (default user: follows the person across sessions). pinned: keep it through compaction. No secrets.`,
    input: z.strictObject({
      key: z.string().trim().min(1).max(200).describe('A short name for the fact, e.g. "billing-currency".'),
      fact: z.string().trim().min(1).max(MAX_FACT_CHARS).describe('The fact, in one or two sentences.'),
      scope: z.enum(SCOPES).optional().describe('Who shares it (default user).'),
      pinned: z.boolean().optional().describe('Keep it when memory is compacted (default false).'),
    }),
    annotations: { mutating: true },
    async execute(args, ctx) {
      const untrusted = ctx.tainted === true;
      const scope = args.scope ?? 'user';
      if (!writable.includes(scope)) return { content: `The ${scope} scope cannot be written here; use ${writable.join(', ')}.`, isError: true };
      await memory.remember({ key: args.key, fact: args.fact.replace(/\s*[\r\n]+\s*/g, ' '), scope, untrusted, pinned: args.pinned === true, runId: ctx.runId });
      return `Remembered "${args.key}" (${scope}${args.pinned === true ? ', pinned' : ''})${untrusted ? ' (marked untrusted: this run had read untrusted content)' : ''}.`;
    },
  });
  const recall = defineTool({
    name: 'recall',
    description: 'Recall remembered facts by meaning: the closest to the query, with the pinned ones when no query is given. scope narrows to one scope.',
    input: z.strictObject({
      query: z.string().trim().min(1).max(500).optional(),
      scope: z.enum(SCOPES).optional(),
      k: z.number().int().min(1).max(20).optional().describe('How many facts (default 5).'),
    }),
    annotations: { readOnly: true },
    async execute(args) {
      if (args.scope === 'session' && !memory.trace.sessionId) return { content: 'This run has no session: the session scope is empty.', isError: true };
      const records = args.query === undefined
        ? (await memory.pinned()).filter((r) => args.scope === undefined || r.scope === args.scope)
        : await memory.recall(args.query, { k: args.k ?? 5, ...(args.scope ? { scopes: [args.scope] } : {}) });
      if (records.length === 0) return 'No remembered facts match.';
      return records.map(line).join('\n');
    },
  });
  return [remember, recall];
}
