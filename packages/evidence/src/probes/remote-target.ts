import { evidenceError } from '../errors/coded-errors.js';
import { createTarget, TARGET_FILE_HINT, targetIssue } from './target-file.js';
import type { LoadedTarget } from './probe-target.js';
import { LOCAL_TARGET_KINDS, TargetFile } from './target-spec.js';

/**
 * Parses a target a client sent to a probe server. Only remote kinds (`http`,
 * `mcp`) are accepted: a local code target (`module`, `python`) runs code on the
 * machine that probes, so it is refused with `evidence.local_target_refused`
 * (run it with `warden probe run --local`). Anything else invalid is
 * `evidence.invalid_target`. Nothing connects yet. With `fetch`, every request of the
 * target goes through it (a probe server's egress check).
 */
export function parseRemoteTarget(value: unknown, options: { name?: string; fetch?: typeof fetch } = {}): LoadedTarget {
  const kind: unknown = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.getOwnPropertyDescriptor(value, 'kind')?.value : undefined;
  if (typeof kind === 'string' && LOCAL_TARGET_KINDS.includes(kind)) {
    throw evidenceError({
      code: 'evidence.local_target_refused',
      message: `A ${kind} target runs local code, so the probe server refuses it: run it with \`warden probe run --local TARGET.json\` on the machine that holds the code.`,
      hint: 'Send the server an http or mcp target, or run this target locally.',
    });
  }
  const parsed = TargetFile.safeParse(value);
  if (!parsed.success) throw evidenceError({ code: 'evidence.invalid_target', message: `The target is invalid: ${targetIssue(value)}.`, hint: TARGET_FILE_HINT });
  return createTarget(parsed.data, { baseDir: process.cwd(), name: options.name ?? `${parsed.data.kind} target`, ...(options.fetch === undefined ? {} : { fetch: options.fetch }) });
}
