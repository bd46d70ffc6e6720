import type { SessionRecord } from '@warden/protocol';

/** What a listing shows about a session, kept up to date append by append. */
export interface SessionFacts {
  title: string;
  messageCount: number;
  costUsd: number;
}

const TITLE_MAX = 80;

export function emptyFacts(title?: string): SessionFacts {
  return { title: title ?? '', messageCount: 0, costUsd: 0 };
}

/** Folds records into the facts: title from the header or the first user message, message count, cost. */
export function addFacts(facts: SessionFacts, records: readonly SessionRecord[]): SessionFacts {
  const out = { ...facts };
  for (const record of records) {
    if (record.type === 'header' && record.title && !out.title) out.title = record.title;
    if (record.type === 'message') {
      out.messageCount += 1;
      if (!out.title && record.message.role === 'user') {
        const first = record.message.parts.find((p) => p.type === 'text');
        if (first && first.type === 'text') out.title = titleOf(first.text);
      }
    }
    if (record.type === 'meta' && record.costUsd) out.costUsd += record.costUsd;
  }
  return out;
}

function titleOf(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}
