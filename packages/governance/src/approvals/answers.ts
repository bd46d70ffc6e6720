import type { ApprovalAnswer } from '@warden/protocol';

/** A denial stamped now. */
export function denied(note: string, extra: Partial<ApprovalAnswer> = {}): ApprovalAnswer {
  return { outcome: 'denied', note, at: new Date().toISOString(), ...extra };
}
