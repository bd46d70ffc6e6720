import type { AgentReply, AgentRequest } from './agent-runner.js';
import { jsonAnswer } from './json-answer.js';
import type { CriticVerdict, ReviewRecord } from './job-state.js';

// Critics judge on their own: each is a separate call that sees the deliverable, the definition of
// done and its own concern — never another critic's verdict. A critic with no usable verdict is asked
// again, then left out; with no verdict at all the deliverable is unreviewed, never accepted.

export interface CriticCall {
  critic: string;
  concern: string;
}

/** The critics a `critics` option names: a list of concerns, or a count of general critics. */
export function criticsOf(critics: readonly string[] | number | undefined): CriticCall[] {
  if (critics === undefined) return [];
  if (typeof critics === 'number') return Array.from({ length: critics }, (_, i) => ({ critic: `critic-${i + 1}`, concern: 'the deliverable as a whole' }));
  return critics.map((concern, i) => ({ critic: `critic-${i + 1}`, concern }));
}

function verdictOf(text: string): { accept: boolean; problems: string[] } | undefined {
  const answer = jsonAnswer(text);
  if (!answer || typeof answer.accept !== 'boolean') return undefined;
  const problems = Array.isArray(answer.problems) ? answer.problems.filter((p): p is string => typeof p === 'string' && p.trim() !== '') : [];
  return { accept: answer.accept, problems };
}

/** Normalised for "said once": case, spacing and trailing punctuation do not make two problems. */
function key(problem: string): string {
  return problem.toLowerCase().replace(/\s+/g, ' ').replace(/[.!;:,\s]+$/, '').trim();
}

export async function runReview(input: {
  round: number;
  critics: readonly CriticCall[];
  accept: 'all' | 'majority';
  ask: (critic: CriticCall, attempt: number) => Promise<AgentReply>;
}): Promise<ReviewRecord> {
  const outcomes = await Promise.all(
    input.critics.map(async (critic) => {
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        const reply = await input.ask(critic, attempt);
        const verdict = reply.error ? undefined : verdictOf(reply.text);
        if (verdict) return { critic, verdict };
      }
      return { critic, verdict: undefined };
    }),
  );
  const verdicts: CriticVerdict[] = [];
  const leftOut: string[] = [];
  for (const { critic, verdict } of outcomes) {
    if (verdict) verdicts.push({ critic: critic.critic, concern: critic.concern, ...verdict });
    else leftOut.push(critic.critic);
  }
  const seen = new Set<string>();
  const problems: string[] = [];
  for (const verdict of verdicts) {
    if (verdict.accept) continue;
    for (const problem of verdict.problems) {
      if (seen.has(key(problem))) continue;
      seen.add(key(problem));
      problems.push(problem);
    }
  }
  const yes = verdicts.filter((v) => v.accept).length;
  const reviewed = verdicts.length > 0;
  const accepted = reviewed && (input.accept === 'all' ? yes === verdicts.length : yes * 2 > verdicts.length);
  return { round: input.round, reviewed, accepted, accept: input.accept, verdicts, leftOut, problems };
}

export type { AgentRequest };
