import type { ChangeApproval, Decision, RunEvent, RunEventOf } from '@warden/protocol';

type Change = RunEventOf<'change_set'>['changes'][number];

/** What approved a call that ran: the mode, a person, the task's own words, or a rule (see `CHANGE_APPROVALS`). */
export function approvalOf(decision: Decision, approval: RunEventOf<'tool_decision'>['approval']): ChangeApproval {
  if (decision.effect === 'ask') return approval?.automatic === true ? 'mode' : 'person';
  const entry = decision.provenance?.scopeEntry ?? '';
  if (entry.split(', ').some((e) => e.startsWith('task:') && e.includes('#')) || (decision.provenance?.effectClass !== undefined && decision.provenance.effectClass !== 'ordinary' && entry.includes('task:'))) return 'task';
  if (decision.rule.startsWith('mode.') || decision.rule === 'shell.sandboxed') return 'mode';
  return 'rule';
}

/**
 * Collects a run's change set as its events go by (issue 34): every call that ran and changed
 * files, by the files the gate resolved (`provenance.effectPaths`), their effect class and what
 * approved the call. `event(runId)` is the `change_set` event to emit before `run_end`.
 */
export function changeSetTracker(): { observe(event: RunEvent): void; event(runId: string): RunEventOf<'change_set'> } {
  const decided = new Map<string, RunEventOf<'tool_decision'>>();
  const changes: Change[] = [];
  return {
    observe(event) {
      if (event.type === 'tool_decision') decided.set(event.callId, event);
      if (event.type !== 'tool_result' || event.status !== 'ok') return;
      const decision = decided.get(event.callId);
      decided.delete(event.callId);
      const paths = decision?.decision.provenance?.effectPaths;
      if (!decision || !paths || decision.decision.effect === 'deny') return;
      const approvedBy = approvalOf(decision.decision, decision.approval);
      for (const path of paths) {
        changes.push({ path, effectClass: decision.decision.provenance?.effectClass ?? 'ordinary', approvedBy, rule: decision.decision.rule, tool: event.name });
      }
    },
    event(runId) {
      return { type: 'change_set', runId, at: new Date().toISOString(), changes: [...changes] };
    },
  };
}
