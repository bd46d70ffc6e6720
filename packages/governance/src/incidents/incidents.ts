import { type JsonObject, type OptionKeys } from '@warden/protocol';
import { strictOptions } from '@warden/protocol/checks';
import type { AuditLog } from '../audit/audit-log.js';
import type { Threat } from '../threats/threat-guard.js';
import { policyError } from '../util/coded-errors.js';
import { sha256Hex } from '../util/digest.js';
import { applicableRegimes, clockDue, INCIDENT_CONDITIONS, REGULATOR_CLOCKS, type IncidentCondition, type RegulatorClocks } from './regulator-clocks.js';

/** What opened an incident. */
export const INCIDENT_CAUSES = {
  injection: 'injection signals in a tool result marked the run untrusted',
  tool_storm: 'a tool storm was stopped',
  tool_loop: 'a loop was stopped',
  runaway_delegation: 'runaway delegation was stopped',
  tool_breaker_open: 'a failing tool had its breaker opened',
  policy_denial: 'a policy denied an action of a class that must be followed up',
  other: 'opened by a person or an integration',
} as const;
export type IncidentCause = keyof typeof INCIDENT_CAUSES;

/** The audit entry kinds incidents are recorded as. */
export const INCIDENT_OPENED_KIND = 'incident_opened';
export const INCIDENT_CLOSED_KIND = 'incident_closed';

export interface IncidentInput {
  cause: IncidentCause;
  /** The dedup key: one incident per key. Default `<cause>:<runId>`. */
  key?: string;
  runId?: string;
  /** When the incident was detected (default now). */
  detectedAt?: Date;
  /** When it was classified (DORA counts its initial notification from here). */
  classifiedAt?: Date;
  /** What is known about it; clocks whose condition is not listed show as possible ("if …"). */
  conditions?: readonly IncidentCondition[];
  /** Names and numbers only: a tool, a code, counts. Never a personal value or a secret. */
  detail?: Record<string, string | number | boolean>;
}

/** One regulator deadline of an incident. */
export interface IncidentDeadline {
  regime: string;
  clock: string;
  cite: string;
  report: string;
  condition: IncidentCondition;
  /** True when the incident carries the clock's condition; false means "if the condition holds". */
  applies: boolean;
  /** ISO time; absent for a clock counted from a classification not made yet. */
  due?: string;
  source: string;
}

export interface Incident {
  id: string;
  key: string;
  cause: IncidentCause;
  runId?: string;
  detectedAt: string;
  classifiedAt?: string;
  conditions: IncidentCondition[];
  regimes: string[];
  deadlines: IncidentDeadline[];
  detail: Record<string, string | number | boolean>;
}

/** The deadlines of an incident under the regimes that apply. */
export function incidentDeadlines(incident: Pick<Incident, 'detectedAt' | 'classifiedAt' | 'conditions'>, regimes: ReturnType<typeof applicableRegimes>): IncidentDeadline[] {
  const detected = new Date(incident.detectedAt);
  const classified = incident.classifiedAt ? new Date(incident.classifiedAt) : undefined;
  return regimes.flatMap((regime) =>
    regime.clocks.map((clock) => {
      const due = clockDue(clock, detected, classified);
      return {
        regime: regime.id,
        clock: clock.id,
        cite: clock.cite,
        report: clock.report,
        condition: clock.condition,
        applies: incident.conditions.includes(clock.condition),
        ...(due ? { due: due.toISOString() } : {}),
        source: regime.source,
      };
    }),
  );
}

export interface IncidentTrackerOptions {
  /** The trail incidents are recorded in. */
  audit: AuditLog;
  /** Pack ids in force (the clocks of their regimes apply). */
  packs: readonly string[];
  /** Regimes named explicitly, e.g. `nis2` for an essential or important entity. */
  regimes?: readonly string[];
  /** Trail lines already written: incidents in them count for dedup. */
  existing?: readonly string[];
  clocks?: RegulatorClocks;
  now?: () => Date;
}

export interface IncidentTracker {
  /** Opens an incident, or returns undefined when one with the same key is already open. */
  open(input: IncidentInput): Promise<Incident | undefined>;
  /** Opens the incident a threat-guard stop calls for (one per code, run and tool). */
  fromThreat(threat: Threat): Promise<Incident | undefined>;
  /** Closes an open incident (recorded; its key may open again). */
  close(id: string, note: string): Promise<boolean>;
  /** The incidents open now. */
  openIncidents(): Incident[];
}

const KEYS = { audit: true, packs: true, regimes: true, existing: true, clocks: true, now: true } satisfies OptionKeys<IncidentTrackerOptions>;
const THREAT_CAUSE: Record<Threat['code'], IncidentCause> = {
  'policy.tool_storm': 'tool_storm',
  'policy.tool_loop': 'tool_loop',
  'policy.runaway_delegation': 'runaway_delegation',
  'policy.tool_breaker_open': 'tool_breaker_open',
};

function invalid(message: string): Error {
  return policyError({ code: 'policy.incident_invalid', message, hint: `Give a cause (${Object.keys(INCIDENT_CAUSES).join(', ')}), a valid detection time and known conditions.` });
}

/**
 * Opens incidents once per cause (the dedup key) and records each in the audit trail (kind
 * `incident_opened`) with the regulator clocks that apply given the packs in force, each dated
 * from detection and sourced. Closing is recorded too (`incident_closed`).
 */
export function incidentTracker(options: IncidentTrackerOptions): IncidentTracker {
  strictOptions('incidentTracker', KEYS, options);
  const now = options.now ?? (() => new Date());
  const regimes = applicableRegimes(options.packs, options.regimes ?? [], options.clocks ?? REGULATOR_CLOCKS);
  const open = new Map<string, Incident>();
  for (const incident of readIncidents(options.existing ?? []).open) open.set(incident.key, incident);

  return {
    async open(input) {
      if (!(input.cause in INCIDENT_CAUSES)) throw invalid(`unknown incident cause ${JSON.stringify(input.cause)}`);
      const conditions = [...new Set(input.conditions ?? [])];
      const unknown = conditions.filter((c) => !(c in INCIDENT_CONDITIONS));
      if (unknown.length > 0) throw invalid(`unknown incident condition ${unknown.join(', ')}`);
      const detected = input.detectedAt ?? now();
      if (Number.isNaN(detected.getTime()) || (input.classifiedAt && Number.isNaN(input.classifiedAt.getTime()))) throw invalid('the detection or classification time is not a date');
      const key = input.key ?? `${input.cause}:${input.runId ?? '-'}`;
      if (key.trim() === '') throw invalid('the dedup key is empty');
      if (open.has(key)) return undefined;
      const base = {
        detectedAt: detected.toISOString(),
        ...(input.classifiedAt ? { classifiedAt: input.classifiedAt.toISOString() } : {}),
        conditions,
      };
      const incident: Incident = {
        id: `inc_${sha256Hex(`${key}\u0000${base.detectedAt}`).slice(0, 16)}`,
        key,
        cause: input.cause,
        ...(input.runId !== undefined ? { runId: input.runId } : {}),
        ...base,
        regimes: regimes.map((r) => r.id),
        deadlines: incidentDeadlines(base, regimes),
        detail: { ...(input.detail ?? {}) },
      };
      open.set(key, incident);
      try {
        await options.audit.record(INCIDENT_OPENED_KIND, incident as unknown as JsonObject, input.runId);
      } catch (error) {
        open.delete(key);
        throw error;
      }
      return incident;
    },

    fromThreat(threat) {
      return this.open({
        cause: THREAT_CAUSE[threat.code],
        key: `${threat.code}:${threat.runId}:${threat.tool}`,
        runId: threat.runId,
        detail: { code: threat.code, tool: threat.tool, ...threat.detail },
      });
    },

    async close(id, note) {
      const found = [...open.values()].find((i) => i.id === id);
      if (!found) return false;
      await options.audit.record(INCIDENT_CLOSED_KIND, { id, key: found.key, note }, found.runId);
      open.delete(found.key);
      return true;
    },

    openIncidents: () => [...open.values()],
  };
}

/** The incidents a trail holds: opened ones not closed since, and the closed ones. */
export function readIncidents(lines: readonly string[]): { open: Incident[]; closed: Incident[] } {
  const open = new Map<string, Incident>();
  const closed: Incident[] = [];
  for (const line of lines) {
    let entry: { kind?: unknown; data?: unknown };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (entry.kind === INCIDENT_OPENED_KIND && entry.data && typeof entry.data === 'object') {
      const incident = entry.data as Incident;
      if (typeof incident.id === 'string' && typeof incident.key === 'string') open.set(incident.id, incident);
    } else if (entry.kind === INCIDENT_CLOSED_KIND && entry.data && typeof entry.data === 'object') {
      const id = (entry.data as { id?: unknown }).id;
      const incident = typeof id === 'string' ? open.get(id) : undefined;
      if (incident) {
        open.delete(incident.id);
        closed.push(incident);
      }
    }
  }
  return { open: [...open.values()], closed };
}

/** The earliest deadline of an incident that applies, else the earliest possible one. */
export function nextDeadline(incident: Incident): IncidentDeadline | undefined {
  const dated = incident.deadlines.filter((d) => d.due !== undefined).sort((a, b) => (a.due as string).localeCompare(b.due as string));
  return dated.find((d) => d.applies) ?? dated[0];
}
