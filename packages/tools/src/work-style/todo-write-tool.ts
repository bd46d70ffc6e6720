import { z } from 'zod';
import type { TodoItem, ToolV1 } from '@warden/protocol';
import { defineTool } from '../define-tool.js';

/** The run note the todo list is kept under (`ToolContext.notes`). */
export const TODO_NOTE_KEY = 'todos';

/** How the list is stored: the items, and whether the run had read untrusted content when they were written. */
export interface StoredTodos {
  items: TodoItem[];
  tainted: boolean;
}

export interface TodoWriteOptions {
  /** Sees each accepted list (the harness checks the final answer against it). */
  onChange?: (runId: string, todos: readonly TodoItem[]) => void;
}

const Item = z.strictObject({
  content: z.string().trim().min(1).max(500).describe('What to do, in a few words.'),
  status: z.enum(['pending', 'in_progress', 'done', 'skipped']),
  note: z.string().trim().max(500).optional().describe('Why an item was skipped (required for skipped).'),
});

/** The todo list read back from the run's notes (empty when there is none or it does not read). */
export function storedTodos(value: unknown): StoredTodos {
  const v = value as Partial<StoredTodos> | null | undefined;
  if (!v || !Array.isArray(v.items)) return { items: [], tainted: false };
  const items = v.items.filter((i): i is TodoItem => Item.safeParse(i).success);
  return { items, tainted: v.tainted === true };
}

/** The list as the model and a person read it: one line per item with its status mark. */
export function formatTodos(items: readonly TodoItem[]): string {
  const mark: Record<TodoItem['status'], string> = { pending: '[ ]', in_progress: '[~]', done: '[x]', skipped: '[-]' };
  return items.map((item, i) => `${i + 1}. ${mark[item.status]} ${item.content}${item.note ? ` (${item.note})` : ''}`).join('\n');
}

/**
 * `todo_write` (the cowork style, issue 47): the agent's plan as a todo list, written whole each
 * time. It changes only the run's own notes — no workspace file, no network — and is kept with the
 * session (resume, approvals, compaction) and announced as a `progress` event. What the agent
 * writes stays its own words: the list is never put in the system prompt, and one written after the
 * run read untrusted content is stored marked so.
 */
export function todoWriteTool(options: TodoWriteOptions = {}): ToolV1 {
  return defineTool({
    name: 'todo_write',
    description:
      'Keep your plan as a todo list. Send the WHOLE list each time (it replaces the previous one). Statuses: pending, in_progress, done, skipped (a skipped item needs a note saying why). Keep it current: mark an item in_progress when you start it and done when it is finished. You may not finish while an item is pending or in_progress.',
    input: z.strictObject({ todos: z.array(Item).min(1).max(50).describe('The whole list, in order.') }),
    annotations: { readOnly: true },
    execute(args, ctx) {
      const todos: TodoItem[] = args.todos.map((t) => ({ content: t.content, status: t.status, ...(t.note ? { note: t.note } : {}) }));
      const unexplained = todos.findIndex((t) => t.status === 'skipped' && !t.note);
      if (unexplained >= 0) return { content: `Item ${unexplained + 1} is skipped without a note: say why in "note".`, isError: true };
      ctx.notes?.set(TODO_NOTE_KEY, { items: todos, tainted: ctx.tainted === true });
      const done = todos.filter((t) => t.status === 'done' || t.status === 'skipped').length;
      ctx.emit({ type: 'progress', message: `${done}/${todos.length} done`, todos });
      options.onChange?.(ctx.runId, todos);
      return `Todo list updated (${done}/${todos.length} done):\n${formatTodos(todos)}`;
    },
  });
}
