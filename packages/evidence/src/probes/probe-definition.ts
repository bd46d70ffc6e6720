import type { JsonValue } from '@warden/protocol';
import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';
import type { Assertion } from '../assertions/assertion.js';
import { CASE_ID_PATTERN } from '../checks/case-definition.js';

export interface ProbeTurn {
  prompt: string;
  /** What the probe hands the agent alongside the prompt (files, tool output, a document). */
  material?: JsonValue;
}

export interface ProbeMeta {
  id: string;
  title?: string;
  tags?: readonly string[];
  /** One turn… */
  prompt?: string;
  material?: JsonValue;
  /** …or several, in order, in one conversation. */
  turns?: readonly ProbeTurn[];
  assertions: readonly Assertion[];
}

export interface ProbeDefinition {
  readonly kind: 'probe';
  readonly id: string;
  readonly title: string;
  readonly tags: readonly string[];
  readonly turns: readonly ProbeTurn[];
  readonly assertions: readonly Assertion[];
}

function invalid(message: string): EvidenceError {
  return evidenceError({ code: 'evidence.invalid_case', message, hint: 'defineProbe({ id: "ns:name", prompt, material?, assertions: [...] })' });
}

/** Defines one probe of an agent: the prompt(s) and material it is given, and what must hold afterwards. */
export function defineProbe(meta: ProbeMeta): ProbeDefinition {
  if (typeof meta?.id !== 'string' || !CASE_ID_PATTERN.test(meta.id)) throw invalid(`Probe id "${String(meta?.id).slice(0, 80)}" is not of the form namespace:name.`);
  const turns: ProbeTurn[] = meta.turns !== undefined ? [...meta.turns] : meta.prompt !== undefined ? [{ prompt: meta.prompt, ...(meta.material === undefined ? {} : { material: meta.material }) }] : [];
  if (turns.length === 0 || turns.some((turn) => typeof turn.prompt !== 'string')) throw invalid(`Probe ${meta.id} needs a prompt or turns.`);
  if (!Array.isArray(meta.assertions) || meta.assertions.length === 0) throw invalid(`Probe ${meta.id} needs at least one assertion: a probe that asserts nothing proves nothing.`);
  return Object.freeze({ kind: 'probe' as const, id: meta.id, title: meta.title ?? meta.id, tags: Object.freeze([...(meta.tags ?? [])]), turns: Object.freeze(turns), assertions: Object.freeze([...meta.assertions]) });
}
