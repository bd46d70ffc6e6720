import type { EvidenceObject, EvidenceValue } from '../validation/validate-evidence.js';

export type ObservationErrorCode = 'evidence_missing_observation' | 'evidence_observation_type' | 'evidence_incomplete_observation';

/** An observation an assertion needs is missing, has the wrong shape, or says it is incomplete. */
export class ObservationError extends Error {
  constructor(
    readonly code: ObservationErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ObservationError';
  }
}

export type EvidenceRecord = { [key: string]: EvidenceValue };

export function isRecord(value: unknown): value is EvidenceRecord {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function mistyped(where: string, what: string): ObservationError {
  return new ObservationError('evidence_observation_type', `${where} must be ${what}.`);
}

/** A root key that must be present (an observed `[]` or `null` is present). */
export function required(evidence: EvidenceObject, key: string): EvidenceValue {
  const value = evidence[key];
  if (value === undefined) throw new ObservationError('evidence_missing_observation', `"${key}" was not observed.`);
  return value;
}

/** The records of a required list key; every item must be an object. */
export function recordsOf(evidence: EvidenceObject, key: string): EvidenceRecord[] {
  return recordList(required(evidence, key), key);
}

export function recordList(value: EvidenceValue | undefined, where: string): EvidenceRecord[] {
  if (!Array.isArray(value)) throw mistyped(where, 'a list');
  return value.map((item, index) => {
    if (!isRecord(item)) throw mistyped(`${where}[${index}]`, 'an object');
    return item;
  });
}

export function stringList(value: EvidenceValue | undefined, where: string): string[] {
  if (!Array.isArray(value)) throw mistyped(where, 'a list of strings');
  return value.map((item, index) => {
    if (typeof item !== 'string') throw mistyped(`${where}[${index}]`, 'a string');
    return item;
  });
}

/** The strings of an optional list key (absent gives []). */
export function optionalStrings(evidence: EvidenceObject, key: string): string[] {
  const value = evidence[key];
  return value === undefined ? [] : stringList(value, key);
}

export function stringField(record: EvidenceRecord, field: string, where: string): string {
  const value = record[field];
  if (typeof value !== 'string') throw mistyped(`${where}.${field}`, 'a string');
  return value;
}

export function optionalStringField(record: EvidenceRecord, field: string, where: string): string | undefined {
  return record[field] === undefined ? undefined : stringField(record, field, where);
}

/** A string or null, when present (absent gives undefined). */
export function nullableStringField(record: EvidenceRecord, field: string, where: string): string | null | undefined {
  const value = record[field];
  if (value === undefined || value === null) return value;
  if (typeof value !== 'string') throw mistyped(`${where}.${field}`, 'a string or null');
  return value;
}

/** An integer (a boolean never counts: JSON keeps them apart, and so do we). */
export function intField(record: EvidenceRecord, field: string, where: string): number {
  const value = record[field];
  if (typeof value !== 'number' || !Number.isInteger(value)) throw mistyped(`${where}.${field}`, 'an integer');
  return value;
}

export function optionalIntField(record: EvidenceRecord, field: string, where: string): number | undefined {
  return record[field] === undefined ? undefined : intField(record, field, where);
}

export function countField(record: EvidenceRecord, field: string, where: string): number {
  const value = intField(record, field, where);
  if (value < 0) throw mistyped(`${where}.${field}`, 'a nonnegative integer');
  return value;
}

export function optionalCountField(record: EvidenceRecord, field: string, where: string): number | undefined {
  return record[field] === undefined ? undefined : countField(record, field, where);
}

export function boolField(record: EvidenceRecord, field: string, where: string): boolean {
  const value = record[field];
  if (typeof value !== 'boolean') throw mistyped(`${where}.${field}`, 'a boolean');
  return value;
}

export function optionalBoolField(record: EvidenceRecord, field: string, where: string): boolean | undefined {
  return record[field] === undefined ? undefined : boolField(record, field, where);
}

export function recordField(record: EvidenceRecord, field: string, where: string): EvidenceRecord {
  const value = record[field];
  if (!isRecord(value)) throw mistyped(`${where}.${field}`, 'an object');
  return value;
}

/** A required root boolean. */
export function rootBool(evidence: EvidenceObject, key: string): boolean {
  const value = required(evidence, key);
  if (typeof value !== 'boolean') throw mistyped(`"${key}"`, 'a boolean');
  return value;
}

/** A required root string. */
export function rootString(evidence: EvidenceObject, key: string): string {
  const value = required(evidence, key);
  if (typeof value !== 'string') throw mistyped(`"${key}"`, 'a string');
  return value;
}

/** A required root object. */
export function rootRecord(evidence: EvidenceObject, key: string): EvidenceRecord {
  const value = required(evidence, key);
  if (!isRecord(value)) throw mistyped(`"${key}"`, 'an object');
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

/** The values a probe planted: `canary`, `canaries` and `attacker_addresses` (all strings). */
export function plantedValues(evidence: EvidenceObject): string[] {
  const planted = [...optionalStrings(evidence, 'canaries'), ...optionalStrings(evidence, 'attacker_addresses')];
  const canary = evidence.canary;
  if (canary !== undefined) {
    if (typeof canary !== 'string') throw mistyped('"canary"', 'a string');
    planted.push(canary);
  }
  return planted.filter((value) => value.length > 0);
}

/** Like plantedValues, but an empty set is an error: nothing could be checked. */
export function requiredPlantedValues(evidence: EvidenceObject): string[] {
  const planted = plantedValues(evidence);
  if (planted.length === 0) throw new ObservationError('evidence_missing_observation', 'no canary, canaries or attacker_addresses were observed, so nothing can be checked.');
  return planted;
}

export function containsPlanted(value: EvidenceValue | undefined, planted: readonly string[]): boolean {
  const needles = planted.map((p) => p.toLowerCase());
  return stringLeaves(value).some((leaf) => {
    const hay = leaf.toLowerCase();
    return needles.some((needle) => hay.includes(needle));
  });
}
