import type { AgentHooks } from '@warden/core';
import type { LedgerSource, Message, TodoItem, ToolV1 } from '@warden/protocol';
import { askUserTool, formatTodos, recordSourceTool, todoWriteTool, type AskUser } from '@warden/tools';

/**
 * Work styles (issue 47; the seed's chat / research / cowork): a way of working laid over the loop,
 * separate from the safety mode (`mode`). A style only fills in what was left unset (a configured
 * `maxTurns` wins) and never loosens the gate: its tools touch no workspace file and no network.
 */
export const WORK_STYLES = ['chat', 'research', 'cowork'] as const;
export type WorkStyle = (typeof WORK_STYLES)[number];

/** What a research depth bounds: model turns, and how many sources the ledger needs and takes. */
export const RESEARCH_DEPTHS = Object.freeze({
  quick: { maxTurns: 8, minSources: 1, maxSources: 5 },
  standard: { maxTurns: 16, minSources: 2, maxSources: 12 },
  deep: { maxTurns: 32, minSources: 4, maxSources: 30 },
} as const);
export type ResearchDepth = keyof typeof RESEARCH_DEPTHS;

/** How many times an unfinished answer is sent back before it is delivered as it is. */
const RETRIES = 2;

export interface StyleParts {
  tools: ToolV1[];
  hooks: AgentHooks[];
  /** Appended to the system prompt (the harness's own words, never content from the run). */
  prompt: string;
  /** The style's turn bound, when the config set none. */
  maxTurns?: number;
}

const PROMPTS: Record<WorkStyle, string> = {
  chat: 'Work style: chat. Talk with the person: answer plainly and briefly. You have no workspace tools unless the configuration gave you some.',
  research:
    'Work style: research. Read before you answer. For every source you rely on, call record_source with its URL or path and what it supports, and cite it in your answer by the number you get back, like [1]. Cite only recorded numbers. End your answer with a "Sources" section listing the numbers you cited.',
  cowork:
    'Work style: cowork. Keep your plan as a todo list with todo_write: write it first, mark an item in_progress when you start it and done when it is finished, and keep it current. Do not finish while an item is pending or in_progress; drop an item by marking it skipped with a note saying why. When only the person can make a choice, ask them with ask_user; when you cannot ask, make the reasonable assumption and say what you assumed.',
};

interface RunMemory {
  todos?: readonly TodoItem[];
  sources?: readonly LedgerSource[];
  /** Source numbers earlier runs of the conversation handed out (a resumed run). */
  earlier: number[];
  /** The text of the last request's conversation (task, tool arguments, tool results): what a ref must appear in. */
  seen: string;
  retries: number;
}

function textOfMessages(messages: readonly Message[]): string {
  const out: string[] = [];
  for (const message of messages) {
    if (message.role === 'system') continue;
    for (const part of message.parts) {
      if (part.type === 'text') out.push(part.text);
      else if (part.type === 'tool_call') out.push(JSON.stringify(part.args));
      else if (part.type === 'tool_result') for (const c of part.content) if (c.type === 'text') out.push(c.text);
    }
  }
  return out.join('\n');
}

/** The todo list of the last `todo_write` call in the conversation (a resumed run's starting list). */
function lastTodos(messages: readonly Message[]): TodoItem[] | undefined {
  let found: TodoItem[] | undefined;
  for (const message of messages) for (const part of message.parts) if (part.type === 'tool_call' && part.name === 'todo_write' && Array.isArray(part.args.todos)) found = part.args.todos as unknown as TodoItem[];
  return found;
}

/** Source numbers the conversation's `record_source` results handed out (a resumed run's ledger). */
function recordedIds(messages: readonly Message[]): number[] {
  const ids: number[] = [];
  for (const message of messages) {
    for (const part of message.parts) {
      if (part.type !== 'tool_result' || part.name !== 'record_source' || part.isError) continue;
      for (const c of part.content) if (c.type === 'text') for (const m of c.text.matchAll(/recorded as \[(\d+)\]/gi)) ids.push(Number(m[1]));
    }
  }
  return ids;
}

function answerText(message: Message): string {
  return message.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
}

/** What the final answer of a research run still lacks, or undefined. */
function researchShortfall(answer: string, sources: readonly Pick<LedgerSource, 'id'>[], minSources: number): string | undefined {
  const cited = [...answer.matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
  const unknown = [...new Set(cited.filter((n) => !sources.some((s) => s.id === n)))];
  if (unknown.length > 0) return `Your answer cites ${unknown.map((n) => `[${n}]`).join(', ')}, which ${unknown.length === 1 ? 'is' : 'are'} not in the source ledger (${sources.length} recorded). Cite only recorded sources, or record the source with record_source first.`;
  if (sources.length < minSources) return `You recorded ${sources.length} source(s); this depth needs at least ${minSources}. Read more and record each source with record_source, then answer citing them as [n].`;
  if (sources.length > 0 && cited.length === 0) return 'Your answer cites no source. Cite the recorded sources by number, like [1], and end with a Sources section.';
  return undefined;
}

function coworkShortfall(todos: readonly TodoItem[]): string | undefined {
  const open = todos.filter((t) => t.status === 'pending' || t.status === 'in_progress');
  if (open.length === 0) return undefined;
  return `Your todo list still has ${open.length} open item(s):\n${formatTodos(open)}\nFinish them (and mark them done with todo_write), or mark them skipped with a note saying why, before you answer.`;
}

/**
 * The tools, hooks and prompt of a work style. `chat` adds only its prompt (the caller switches the
 * workspace tools off); `research` adds the source ledger (`record_source`, refs checked against
 * what the run saw, bounded by the depth) and sends back a final answer that cites an unrecorded
 * number, too few sources or none; `cowork` adds `todo_write` and `ask_user` (with `ask`, else a
 * typed failure) and sends back a final answer while the list has open items. An answer that still
 * falls short after two retries is delivered as it is.
 */
export function styleParts(style: WorkStyle | undefined, options: { depth?: ResearchDepth; ask?: AskUser } = {}): StyleParts {
  if (style === undefined) return { tools: [], hooks: [], prompt: '' };
  if (style === 'chat') return { tools: [], hooks: [], prompt: PROMPTS.chat };
  const runs = new Map<string, RunMemory>();
  const memory = (runId: string): RunMemory => {
    let m = runs.get(runId);
    if (!m) {
      m = { seen: '', retries: 0, earlier: [] };
      runs.set(runId, m);
    }
    return m;
  };
  const sendBack = (runId: string, final: boolean, shortfall: string | undefined): { retry: string } | undefined => {
    const m = memory(runId);
    if (!final || shortfall === undefined || m.retries >= RETRIES) {
      if (final) runs.delete(runId);
      return undefined;
    }
    m.retries += 1;
    return { retry: shortfall };
  };
  if (style === 'research') {
    const depth = RESEARCH_DEPTHS[options.depth ?? 'standard'];
    const ledger = recordSourceTool({
      maxSources: depth.maxSources,
      seen: (runId, ref) => {
        const seen = memory(runId).seen;
        return seen.includes(ref) || seen.includes(ref.replace(/\/+$/, ''));
      },
      onChange: (runId, sources) => {
        memory(runId).sources = sources;
      },
    });
    const hooks: AgentHooks = {
      beforeModel: ({ runId, request }) => {
        const m = memory(runId);
        m.seen = textOfMessages(request.messages);
        m.earlier = recordedIds(request.messages);
      },
      afterModel: ({ runId, response, final }) => {
        const m = memory(runId);
        const ids = new Set([...m.earlier, ...(m.sources ?? []).map((s) => s.id)]);
        return sendBack(runId, final, researchShortfall(answerText(response.message), [...ids].map((id) => ({ id })), depth.minSources));
      },
    };
    return { tools: [ledger], hooks: [hooks], prompt: `${PROMPTS.research} Depth: ${options.depth ?? 'standard'} (at least ${depth.minSources}, at most ${depth.maxSources} sources).`, maxTurns: depth.maxTurns };
  }
  const todo = todoWriteTool({
    onChange: (runId, todos) => {
      memory(runId).todos = todos;
    },
  });
  const hooks: AgentHooks = {
    beforeModel: ({ runId, request }) => {
      const m = memory(runId);
      if (m.todos === undefined) {
        const earlier = lastTodos(request.messages);
        if (earlier) m.todos = earlier;
      }
    },
    afterModel: ({ runId, final }) => sendBack(runId, final, coworkShortfall(runs.get(runId)?.todos ?? [])),
  };
  return { tools: [todo, askUserTool(options.ask)], hooks: [hooks], prompt: PROMPTS.cowork };
}
