import { readFile } from 'node:fs/promises';
import type { JsonValue } from '@warden/protocol';
import { AuditEntry } from '../audit/audit-entry.js';
import { SUBJECT_TOKEN_PATTERN } from '../audit/subject-tokens.js';

/** What an audit trail holds about one data subject (found by the ref of their key). */
export interface SubjectTrail {
  /** The trail's entries, in order (every entry, parsed). */
  entries: AuditEntry[];
  /** Runs whose `run_start` names the subject. */
  runIds: string[];
  /** Sessions those runs used. */
  sessionIds: string[];
  /** Files the change sets of those runs recorded (as recorded: relative to the workspace, or absolute). */
  deliverables: string[];
  /** Entries of those runs, or carrying a token sealed for the subject. */
  theirs: AuditEntry[];
  /** Tokens sealed under the subject's key. */
  tokens: number;
}

/** Reads a JSONL trail (absent: empty). A torn last line (an unfinished append) is left out. */
export async function readTrail(file: string): Promise<AuditEntry[]> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const whole = text.length > 0 && !text.endsWith('\n') ? text.slice(0, text.lastIndexOf('\n') + 1) : text;
  return whole
    .split('\n')
    .filter((line) => line.length > 0)
    .map((line) => AuditEntry.parse(JSON.parse(line)));
}

/** The subject's runs, sessions, deliverables and entries in a trail. */
export function subjectTrail(entries: readonly AuditEntry[], ref: string): SubjectTrail {
  const runIds = new Set<string>();
  const sessionIds = new Set<string>();
  for (const entry of entries) {
    const data = entry.data as { subject?: JsonValue; sessionId?: JsonValue } | null;
    if (entry.kind !== 'run_start' || data === null || typeof data !== 'object' || data.subject !== ref) continue;
    if (entry.runId !== undefined) runIds.add(entry.runId);
    if (typeof data.sessionId === 'string') sessionIds.add(data.sessionId);
  }
  const deliverables = new Set<string>();
  const theirs: AuditEntry[] = [];
  let tokens = 0;
  for (const entry of entries) {
    const own = entry.runId !== undefined && runIds.has(entry.runId);
    let sealed = 0;
    for (const match of JSON.stringify(entry.data).matchAll(SUBJECT_TOKEN_PATTERN)) if (match[1] === ref) sealed += 1;
    tokens += sealed;
    if (own || sealed > 0) theirs.push(entry);
    if (own && entry.kind === 'change_set') {
      const changes = (entry.data as { changes?: Array<{ path?: unknown }> }).changes ?? [];
      for (const change of changes) if (typeof change.path === 'string') deliverables.add(change.path);
    }
  }
  return { entries: [...entries], runIds: [...runIds], sessionIds: [...sessionIds], deliverables: [...deliverables], theirs, tokens };
}
