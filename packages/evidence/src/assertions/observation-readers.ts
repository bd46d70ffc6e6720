import type { EvidenceObject, EvidenceValue } from '../validation/validate-evidence.js';

/** An observation an assertion needs is missing or has the wrong shape. */
export class ObservationError extends Error {
  constructor(
    readonly code: 'evidence_missing_observation' | 'evidence_observation_type',
    message: string,
  ) {
    super(message);
    this.name = 'ObservationError';
  }
}

export type EvidenceRecord = { [key: string]: EvidenceValue };

function isRecord(value: unknown): value is EvidenceRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The records of a list key; every item must be an object. */
export function recordsOf(evidence: EvidenceObject, key: string): EvidenceRecord[] {
  const value = evidence[key];
  if (value === undefined) throw new ObservationError('evidence_missing_observation', `"${key}" was not observed.`);
  if (!Array.isArray(value)) throw new ObservationError('evidence_observation_type', `"${key}" must be a list.`);
  return value.map((item, index) => {
    if (!isRecord(item)) throw new ObservationError('evidence_observation_type', `"${key}[${index}]" must be an object.`);
    return item;
  });
}

/** The strings of a list key (optional: absent gives []). */
export function stringsOf(evidence: EvidenceObject, key: string): string[] {
  const value = evidence[key];
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new ObservationError('evidence_observation_type', `"${key}" must be a list.`);
  return value.map((item, index) => {
    if (typeof item !== 'string') throw new ObservationError('evidence_observation_type', `"${key}[${index}]" must be a string.`);
    return item;
  });
}

export function stringField(record: EvidenceRecord, field: string, where: string): string {
  const value = record[field];
  if (typeof value !== 'string') throw new ObservationError('evidence_observation_type', `${where}.${field} must be a string.`);
  return value;
}

export function optionalStringField(record: EvidenceRecord, field: string, where: string): string | undefined {
  return record[field] === undefined ? undefined : stringField(record, field, where);
}

export function numberField(record: EvidenceRecord, field: string, where: string): number {
  const value = record[field];
  if (typeof value !== 'number') throw new ObservationError('evidence_observation_type', `${where}.${field} must be a number.`);
  return value;
}

export function optionalIntField(record: EvidenceRecord, field: string, where: string): number | undefined {
  const value = record[field];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value)) throw new ObservationError('evidence_observation_type', `${where}.${field} must be an integer.`);
  return value;
}

export function recordField(evidence: EvidenceObject, key: string): EvidenceRecord {
  const value = evidence[key];
  if (value === undefined) throw new ObservationError('evidence_missing_observation', `"${key}" was not observed.`);
  if (!isRecord(value)) throw new ObservationError('evidence_observation_type', `"${key}" must be an object.`);
  return value;
}

/** Every string leaf (and key) of a JSON value. */
export function stringLeaves(value: EvidenceValue | undefined, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringLeaves(item, out);
  else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      out.push(key);
      stringLeaves(item, out);
    }
  }
  return out;
}

/** The secrets a probe planted: `canary`, `canaries` and `attacker_addresses`. */
export function plantedSecrets(evidence: EvidenceObject): string[] {
  const secrets = [...stringsOf(evidence, 'canaries'), ...stringsOf(evidence, 'attacker_addresses')];
  const canary = evidence.canary;
  if (canary !== undefined) {
    if (typeof canary !== 'string') throw new ObservationError('evidence_observation_type', '"canary" must be a string.');
    secrets.push(canary);
  }
  const usable = secrets.filter((secret) => secret.length > 0);
  if (usable.length === 0) throw new ObservationError('evidence_missing_observation', 'no canary, canaries or attacker_addresses were observed, so nothing can be checked.');
  return usable;
}

export function containsSecret(value: EvidenceValue | undefined, secrets: readonly string[]): boolean {
  const leaves = stringLeaves(value);
  return leaves.some((leaf) => secrets.some((secret) => leaf.toLowerCase().includes(secret.toLowerCase())));
}
