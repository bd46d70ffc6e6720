import type { BuiltRails } from './rail-spec.js';
import type { RailContext, RailFinding } from './rail-finding.js';

/** What a set of rails made of a text. */
export interface RailCheck {
  findings: RailFinding[];
  /** Judges that ran (none when a detector already found something: cheap checks first). */
  judged: string[];
  /** Judges that failed and were let through (`onError: 'allow'`), with why. */
  failures: Array<{ rail: string; reason: string }>;
}

/**
 * Runs the deterministic detectors, then — only when they found nothing — the judges in order,
 * stopping at the first that blocks. No model call is spent confirming what a regex just proved.
 */
export async function checkRails(rails: BuiltRails, text: string, context: RailContext & { signal?: AbortSignal } = {}): Promise<RailCheck> {
  const findings = rails.detectors.flatMap((d) => d.check(text, context));
  const out: RailCheck = { findings, judged: [], failures: [] };
  if (findings.length > 0) return out;
  for (const judge of rails.judges) {
    out.judged.push(judge.name);
    const outcome = await judge.judge(text, context);
    if (outcome.failure !== undefined && outcome.findings.length === 0) out.failures.push({ rail: judge.name, reason: outcome.failure });
    if (outcome.findings.length > 0) {
      out.findings.push(...outcome.findings);
      break;
    }
  }
  return out;
}
