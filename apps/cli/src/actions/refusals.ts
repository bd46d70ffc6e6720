import type { RunEvent, RunEventOf } from '@warden/protocol';

/** A call the run wanted to make that needed a person's yes and did not get one. */
export interface Refusal {
  tool: string;
  rule: string;
  reason: string;
  /** The values `reason` names (see `Decision.params`), to say it in the run's language. */
  params?: Record<string, string | number>;
  /** The untrusted source that made it need a person, when there was one. */
  taintSource?: string;
  /** The effect class refused (`runs-later`, `instructs-agents`, …), when the call changed something. */
  effectClass?: string;
  /** Only a person could have approved it: `--yes` and yolo cannot. */
  requiresPerson?: boolean;
}

/**
 * True for a decision that asked and was turned down without a person saying no: nobody to ask
 * (a headless run), or only an automatic yes where a person was required. A person's own "no" is
 * not a refusal to report: it was the answer.
 */
export function refusalOf(event: RunEventOf<'tool_decision'>): Refusal | undefined {
  if (event.decision.effect !== 'ask') return undefined;
  const answer = event.approval;
  const unanswered = answer === undefined || (answer.outcome === 'denied' && answer.automatic === true);
  if (!unanswered) return undefined;
  const source = event.decision.provenance?.taintSource;
  const { params } = event.decision;
  const effectClass = event.decision.provenance?.effectClass;
  return {
    tool: event.name,
    rule: event.decision.rule,
    reason: event.decision.reason,
    ...(params ? { params } : {}),
    ...(source ? { taintSource: source } : {}),
    ...(effectClass !== undefined ? { effectClass } : {}),
    ...(event.decision.requiresPerson === true ? { requiresPerson: true } : {}),
  };
}

/** Collects the refusals of a run as its events go by. */
export function refusalTracker(): { observe(event: RunEvent): void; readonly refusals: readonly Refusal[] } {
  const refusals: Refusal[] = [];
  return {
    refusals,
    observe(event) {
      if (event.type !== 'tool_decision') return;
      const refusal = refusalOf(event);
      if (refusal) refusals.push(refusal);
    },
  };
}
