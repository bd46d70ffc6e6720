import { SESSION_META_KEYS } from '@warden/protocol/vocabulary';
import type { JsonValue, RunScope, SessionRecord, TaintSource } from '@warden/protocol';
import type { RunContext } from './run-context.js';
import { handoffRecords } from './handoff-records.js';
import { newId } from './ids.js';
import { now } from './session-writer.js';

/** Session `meta` keys core keeps a run's authority under, so a resume or a continued conversation keeps it. */
export const SCOPE_META_KEY = SESSION_META_KEYS.scope;
export const TAINT_META_KEY = SESSION_META_KEYS.taint;
/** Prefix of the session `meta` keys tools' run notes are kept under (`ToolContext.notes`). */
export const NOTE_META_PREFIX = 'warden.note.';

/** What a stored session says about the authority of the runs that wrote it. */
export interface StoredAuthority {
  taint: TaintSource[];
  scope?: RunScope;
  /** Tools' run notes, newest value per key. */
  notes: Map<string, JsonValue>;
}

function isTaintSource(value: unknown): value is TaintSource {
  const v = value as { source?: unknown; reason?: unknown } | null;
  return typeof v?.source === 'string' && v.source.length > 0 && typeof v.reason === 'string';
}

function isScope(value: unknown): value is RunScope {
  const v = value as { version?: unknown; paths?: unknown; hosts?: unknown } | null;
  return v?.version === 1 && Array.isArray(v.paths) && Array.isArray(v.hosts);
}

/**
 * Reads the taint and scope stored in a session. A session whose history holds tool output but
 * no taint record (written before core kept one, or by another writer) counts as tainted: that
 * output is back in the model's context, and nothing says it was trusted.
 */
export function storedAuthority(records: readonly SessionRecord[]): StoredAuthority {
  const taint: TaintSource[] = [];
  let scope: RunScope | undefined;
  let sawTaintRecord = false;
  let sawToolOutput = false;
  const notes = new Map<string, JsonValue>();
  for (const record of records) {
    if (record.type === 'tool_result') sawToolOutput = true;
    if (record.type !== 'meta') continue;
    if (record.key.startsWith(NOTE_META_PREFIX)) notes.set(record.key.slice(NOTE_META_PREFIX.length), record.value);
    else if (record.key === TAINT_META_KEY) {
      sawTaintRecord = true;
      if (isTaintSource(record.value) && !taint.some((t) => t.source === (record.value as TaintSource).source)) taint.push(record.value);
    } else if (record.key === SCOPE_META_KEY && isScope(record.value)) {
      scope = scope ? mergeScopes(scope, record.value) : record.value;
    }
  }
  if (sawToolOutput && !sawTaintRecord) taint.push({ source: 'session:history', reason: 'the stored conversation holds tool output read before this run', reasonId: 'session_history' });
  return { taint, ...(scope ? { scope } : {}), notes };
}

/**
 * A union of two scopes (a continued conversation keeps what earlier tasks authorized). A plan is
 * not merged: it belongs to the task it was written for, so only the newer scope's plan is kept.
 */
export function mergeScopes(a: RunScope, b: RunScope): RunScope {
  const paths = [...a.paths];
  for (const entry of b.paths) if (!paths.some((p) => p.kind === entry.kind && p.pattern === entry.pattern)) paths.push(entry);
  const hosts = [...a.hosts];
  for (const entry of b.hosts) if (!hosts.some((h) => h.host === entry.host)) hosts.push(entry);
  return { version: 1, paths, hosts, ...(b.plan ? { plan: b.plan } : {}) };
}

function metaRecord(key: string, value: JsonValue): SessionRecord {
  return { type: 'meta', id: newId('rec'), at: now(), key, value };
}

/** A taint source as stored and announced: its English reason, and its reason id and params when the producer gave them. */
export function taintNote(taint: TaintSource): TaintSource {
  return {
    source: taint.source,
    reason: taint.reason,
    ...(typeof taint.reasonId === 'string' && taint.reasonId !== '' ? { reasonId: taint.reasonId } : {}),
    ...(taint.params && typeof taint.params === 'object' ? { params: scalarParams(taint.params) } : {}),
  };
}

/** Only the string and number values: a stored record is read back as it was written, whatever that was. */
function scalarParams(params: Record<string, unknown>): Record<string, string | number> {
  return Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string | number] => typeof entry[1] === 'string' || typeof entry[1] === 'number'));
}

/** Marks the run tainted by one more source: the event, the gate's context and the session. */
export function addTaint(run: RunContext, taint: TaintSource): void {
  run.state.tainted = true;
  if (run.state.taintSources.some((t) => t.source === taint.source && t.reason === taint.reason)) return;
  const note = taintNote(taint);
  run.state.taintSources.push(note);
  run.emit({ type: 'taint', ...note });
  if (run.session) void run.session.write([metaRecord(TAINT_META_KEY, note)]);
}

/** Sets the run's scope, announces it and stores it (before the model is called). */
export function setScope(run: RunContext, scope: RunScope): void {
  run.state.scope = scope;
  run.emit({ type: 'scope', scope });
  if (run.session) void run.session.write([metaRecord(SCOPE_META_KEY, scope)]);
}

/** Sets one of the run's notes and stores it (`ToolContext.notes.set`). */
export function setNote(run: RunContext, key: string, value: JsonValue): void {
  run.state.notes.set(key, value);
  if (run.session) void run.session.write([metaRecord(`${NOTE_META_PREFIX}${key}`, value)]);
}

/**
 * What must outlive a history-replacing (`compaction`) record: stores load a session from its
 * latest one, so the run's taint, scope and the last accepted handoff are written again after it.
 * Without this a compacted conversation would come back untainted and with its holder forgotten.
 */
export function carriedRecords(run: RunContext): SessionRecord[] {
  const out = run.state.taintSources.map((t) => metaRecord(TAINT_META_KEY, taintNote(t)));
  if (run.state.scope) out.push(metaRecord(SCOPE_META_KEY, run.state.scope));
  const last = run.state.lastHandoff;
  if (last) out.push(...handoffRecords(last.handoff, last.receipt));
  for (const [key, value] of run.state.notes) out.push(metaRecord(`${NOTE_META_PREFIX}${key}`, value));
  return out;
}
