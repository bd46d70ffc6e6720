import { z } from 'zod';

/**
 * One item of the todo list a cowork agent keeps (`todo_write`): what it is, where it stands, and —
 * for a skipped item — why. The list is the agent's own words (it may echo what it read), so front
 * ends show it as the agent's plan, never as instructions.
 */
export const TodoItem = z.object({
  content: z.string().min(1).max(500),
  status: z.enum(['pending', 'in_progress', 'done', 'skipped']),
  note: z.string().max(500).optional(),
});
export type TodoItem = z.infer<typeof TodoItem>;

/** One numbered entry of a research run's source ledger (`record_source`): answers cite it as `[id]`. */
export const LedgerSource = z.object({
  id: z.number().int().positive(),
  /** A URL or a workspace path the run actually read. */
  ref: z.string().min(1).max(2000),
  title: z.string().max(300).optional(),
  /** What the source supports, in the agent's words. */
  finding: z.string().min(1).max(1000),
  /** When it was recorded (ISO 8601). */
  date: z.string(),
});
export type LedgerSource = z.infer<typeof LedgerSource>;
