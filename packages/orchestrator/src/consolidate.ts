import { jsonAnswer } from './json-answer.js';
import type { ConsolidatedItem, TaskRecord } from './job-state.js';

// The consolidator merges; the orchestrator then holds it to the rules it can check itself:
// items said twice become one (their attributions merged), items are ranked, and an item
// attributed to a replaced task is attributed to what replaced it.

export function consolidationOf(text: string, tasks: Readonly<Record<string, TaskRecord>>): { deliverable: string; items: ConsolidatedItem[] } {
  const answer = jsonAnswer(text);
  const deliverable = typeof answer?.deliverable === 'string' ? answer.deliverable : text;
  const raw = Array.isArray(answer?.items) ? answer.items : [];
  const merged = new Map<string, ConsolidatedItem>();
  raw.forEach((entry, index) => {
    if (entry === null || typeof entry !== 'object') return;
    const item = entry as Record<string, unknown>;
    if (typeof item.text !== 'string' || item.text.trim() === '') return;
    const from = (Array.isArray(item.from) ? item.from : []).filter((f): f is string => typeof f === 'string').flatMap((id) => speakingFor(id, tasks));
    const rank = typeof item.rank === 'number' ? item.rank : index + 1;
    const key = item.text.toLowerCase().replace(/\s+/g, ' ').trim();
    const existing = merged.get(key);
    if (existing) {
      existing.from = [...new Set([...existing.from, ...from])];
      existing.rank = Math.min(existing.rank, rank);
    } else merged.set(key, { text: item.text.trim(), from: [...new Set(from)], rank });
  });
  const items = [...merged.values()].sort((a, b) => a.rank - b.rank).map((item, i) => ({ ...item, rank: i + 1 }));
  return { deliverable, items };
}

/** The tasks that speak for a task id: itself, or (when re-planned) what replaced it, followed down. */
export function speakingFor(id: string, tasks: Readonly<Record<string, TaskRecord>>, seen = new Set<string>()): string[] {
  const record = tasks[id];
  if (!record || record.status !== 'replaced' || !record.replacedBy?.length || seen.has(id)) return [id];
  seen.add(id);
  return record.replacedBy.flatMap((next) => speakingFor(next, tasks, seen));
}
