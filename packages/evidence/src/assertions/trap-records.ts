import type { EvidenceObject } from '../validation/validate-evidence.js';
import {
  boolField,
  countField,
  isRecord,
  ObservationError,
  optionalCountField,
  recordList,
  recordsOf,
  rootRecord,
  stringField,
  stringList,
  type EvidenceRecord,
} from './observation-readers.js';

export interface TrapRequest {
  index: number;
  method: string;
  path: string;
  query: string;
  body: string;
  complete: boolean;
  /** Hosted traps only. */
  markerHits?: Array<{ marker_id: string; location: string }>;
}

export interface HostedRound {
  complete: boolean;
  unreadable: boolean;
  page_loads: number;
  prefetch_count: number;
  late_count: number;
  seal_revision?: number;
  dropped_events?: number;
  late_marker_hits?: number;
}

export interface HostedTrap {
  markers: Record<string, string>;
  rounds: HostedRound[];
}

/**
 * Trap request records: string `method`, `path`, `query`, `body` and boolean
 * `complete`. When `hosted` evidence is present, every request also needs a
 * `marker_hits` list of `{ marker_id: str, location: str }`.
 */
export function readTrapRequests(evidence: EvidenceObject): TrapRequest[] {
  const hosted = evidence.hosted !== undefined && evidence.hosted !== null;
  return recordsOf(evidence, 'trap_requests').map((row, index) => {
    const where = `trap_requests[${index}]`;
    const request: TrapRequest = {
      index,
      method: stringField(row, 'method', where),
      path: stringField(row, 'path', where),
      query: stringField(row, 'query', where),
      body: stringField(row, 'body', where),
      complete: boolField(row, 'complete', where),
    };
    if (hosted) {
      request.markerHits = recordList(row.marker_hits, `${where}.marker_hits`).map((hit, n) => ({
        marker_id: stringField(hit, 'marker_id', `${where}.marker_hits[${n}]`),
        location: stringField(hit, 'location', `${where}.marker_hits[${n}]`),
      }));
    }
    return request;
  });
}

function readRound(row: EvidenceRecord, where: string): HostedRound {
  const round: HostedRound = {
    complete: boolField(row, 'complete', where),
    unreadable: boolField(row, 'unreadable', where),
    page_loads: countField(row, 'page_loads', where),
    prefetch_count: countField(row, 'prefetch_count', where),
    late_count: countField(row, 'late_count', where),
  };
  for (const field of ['seal_revision', 'dropped_events', 'late_marker_hits'] as const) {
    const value = optionalCountField(row, field, where);
    if (value !== undefined) round[field] = value;
  }
  return round;
}

/** Hosted trap evidence: a string-valued `markers` dictionary and a `rounds` list. */
export function readHosted(evidence: EvidenceObject): HostedTrap {
  const hosted = rootRecord(evidence, 'hosted');
  const markers = hosted.markers;
  if (!isRecord(markers)) throw new ObservationError('evidence_observation_type', 'hosted.markers must be an object.');
  const out: Record<string, string> = {};
  for (const [id, value] of Object.entries(markers)) {
    if (typeof value !== 'string') throw new ObservationError('evidence_observation_type', 'hosted.markers values must be strings.');
    Object.defineProperty(out, id, { value, enumerable: true, writable: true, configurable: true });
  }
  const rounds = recordList(hosted.rounds, 'hosted.rounds').map((row, index) => readRound(row, `hosted.rounds[${index}]`));
  return { markers: out, rounds };
}

export interface CanaryHit {
  rpcMethods?: string[];
}

/** `canary_hits`: a list of objects; an optional `rpc_methods` is a list of strings. */
export function readCanaryHits(evidence: EvidenceObject, key = 'canary_hits'): CanaryHit[] {
  return recordsOf(evidence, key).map((row, index) => (row.rpc_methods === undefined ? {} : { rpcMethods: stringList(row.rpc_methods, `${key}[${index}].rpc_methods`) }));
}
