import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';
import type { CaseContext } from './case-context.js';

export type Schedule = 'once' | 'soak';

export interface CaseMeta {
  /** `namespace:name`, e.g. `web:health`. */
  id: string;
  title: string;
  group?: string;
  tags?: readonly string[];
  /** Which runner schedules may run it (default `['once']`). */
  schedules?: readonly Schedule[];
  /** Per-case timeout in milliseconds (default: the runner's). */
  timeoutMs?: number;
}

export type CaseFunction = (ctx: CaseContext) => void | Promise<void>;

export interface CaseDefinition {
  readonly kind: 'case';
  readonly meta: Readonly<Required<Omit<CaseMeta, 'group' | 'timeoutMs'>>> & { readonly group?: string; readonly timeoutMs?: number };
  readonly run: CaseFunction;
}

export const CASE_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*:[A-Za-z0-9][A-Za-z0-9._/-]*$/;
const TAG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function invalid(message: string, hint: string): EvidenceError {
  return evidenceError({ code: 'evidence.invalid_case', message, hint });
}

/** Defines one check: metadata plus an async function that records into its context. */
export function defineCase(meta: CaseMeta, run: CaseFunction): CaseDefinition {
  if (typeof meta !== 'object' || meta === null) throw invalid('defineCase needs a metadata object.', 'defineCase({ id: "web:health", title: "…" }, async (ctx) => { … })');
  if (typeof meta.id !== 'string' || !CASE_ID_PATTERN.test(meta.id)) {
    throw invalid(`Case id "${String(meta.id).slice(0, 80)}" is not of the form namespace:name.`, 'Use ids like "web:health" (letters, digits, . _ - /).');
  }
  if (typeof meta.title !== 'string' || meta.title.trim() === '') throw invalid(`Case ${meta.id} has no title.`, 'Give every case a short human title.');
  if (typeof run !== 'function') throw invalid(`Case ${meta.id} has no function.`, 'Pass the case body as the second argument.');
  const tags = [...(meta.tags ?? [])];
  const badTag = tags.find((tag) => typeof tag !== 'string' || !TAG_PATTERN.test(tag));
  if (badTag !== undefined) throw invalid(`Case ${meta.id} has an invalid tag "${String(badTag).slice(0, 40)}".`, 'Tags are words: letters, digits, . _ -');
  const schedules = [...(meta.schedules ?? ['once'])];
  if (schedules.length === 0 || schedules.some((s) => s !== 'once' && s !== 'soak')) throw invalid(`Case ${meta.id} has invalid schedules.`, 'Schedules are "once" and/or "soak".');
  if (meta.timeoutMs !== undefined && !(Number.isFinite(meta.timeoutMs) && meta.timeoutMs > 0)) throw invalid(`Case ${meta.id} has an invalid timeoutMs.`, 'timeoutMs is a positive number of milliseconds.');
  return Object.freeze({
    kind: 'case' as const,
    meta: Object.freeze({
      id: meta.id,
      title: meta.title,
      tags: Object.freeze(tags),
      schedules: Object.freeze(schedules),
      ...(meta.group === undefined ? {} : { group: meta.group }),
      ...(meta.timeoutMs === undefined ? {} : { timeoutMs: meta.timeoutMs }),
    }),
    run,
  });
}
