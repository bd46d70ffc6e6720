import { z } from 'zod';
import clocks from '../../clocks/regulator-clocks.json' with { type: 'json' };

/**
 * What an incident may be, as far as the clocks care. Warden cannot know most of these by itself
 * (a death, a major ICT classification): a clock whose condition the incident does not carry is
 * listed as "if <condition>", so the team sees every deadline that could run.
 */
export const INCIDENT_CONDITIONS = {
  personal_data: 'the incident is a personal data breach (GDPR Art. 4(12))',
  major_ict: 'the incident is classified as a major ICT-related incident (DORA Art. 18)',
  serious: 'the incident is a serious incident caused by an AI system (AI Act Art. 3(49))',
  widespread_or_critical_infrastructure: 'a widespread infringement, or a serious and irreversible disruption of critical infrastructure (AI Act Art. 73(3))',
  death: 'the serious incident involves the death of a person (AI Act Art. 73(4))',
  significant: 'the incident is significant for an essential or important entity (NIS2 Art. 23(3))',
} as const;
export type IncidentCondition = keyof typeof INCIDENT_CONDITIONS;

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const Condition = z.enum(Object.keys(INCIDENT_CONDITIONS) as [IncidentCondition, ...IncidentCondition[]]);

export const RegulatorClock = z.strictObject({
  id: z.string().min(1),
  cite: z.string().min(1),
  report: z.string().min(1),
  condition: Condition,
  /** `detected`: from when the entity became aware; `classified`: from classification (DORA). */
  from: z.enum(['detected', 'classified']),
  hours: z.number().int().positive().optional(),
  days: z.number().int().positive().optional(),
  months: z.number().int().positive().optional(),
});
export type RegulatorClock = z.infer<typeof RegulatorClock>;

export const RegulatorRegime = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  title: z.string().min(1),
  /** Packs that make the regime apply; a regime with none applies only when named. */
  packs: z.array(z.string().min(1)),
  published: IsoDate,
  source: z.string().url(),
  clocks: z.array(RegulatorClock).min(1),
});
export type RegulatorRegime = z.infer<typeof RegulatorRegime>;

export const RegulatorClocks = z.strictObject({ reviewed: IsoDate, notice: z.string().min(1), regimes: z.array(RegulatorRegime).min(1) });
export type RegulatorClocks = z.infer<typeof RegulatorClocks>;

/** The clocks Warden ships (`packages/governance/clocks/regulator-clocks.json`: dated, sourced data), checked. */
export const REGULATOR_CLOCKS: RegulatorClocks = RegulatorClocks.parse(clocks);

/** The regimes whose clocks run given the packs in force, plus regimes named explicitly (e.g. `nis2`). */
export function applicableRegimes(packIds: readonly string[], named: readonly string[] = [], data: RegulatorClocks = REGULATOR_CLOCKS): RegulatorRegime[] {
  return data.regimes.filter((r) => named.includes(r.id) || r.packs.some((p) => packIds.includes(p)));
}

/** When a clock runs out, from detection or classification; undefined for a clock that counts from a classification not made yet. */
export function clockDue(clock: RegulatorClock, detectedAt: Date, classifiedAt?: Date): Date | undefined {
  if (clock.from === 'classified' && !classifiedAt) return undefined;
  const start = clock.from === 'classified' && classifiedAt ? classifiedAt : detectedAt;
  const due = new Date(start.getTime());
  if (clock.months) due.setUTCMonth(due.getUTCMonth() + clock.months);
  due.setTime(due.getTime() + ((clock.hours ?? 0) + (clock.days ?? 0) * 24) * 3_600_000);
  return due;
}
