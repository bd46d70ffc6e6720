import { runChecks, type EvidenceReport } from '@warden/evidence';
import type { ContainmentHarness } from '@warden/pack-containment';
import { createContainmentPack } from '@warden/pack-containment/pack';
import { memorySessionStore } from '@warden/protocol/testing';
import { createHarness, type Harness } from '@warden/harness';

export interface DemoContainmentResult {
  /** One line per case: id, status and the AgentDojo figures it measured. */
  cases: Array<{ id: string; status: string; metrics: Record<string, number> }>;
  html: string;
  dir: string;
  exitCode: 0 | 1;
}

/**
 * Runs the `warden:containment` probe pack against the CLI's own composition
 * (createHarness in safe mode, no approver and `--yes`): the same harness the demo
 * and `warden run` use. Sessions stay in memory and the audit trail is off, so the
 * harness itself writes nothing into the episode workspace the pack inspects.
 */
export async function runDemoContainment(options: {
  env: NodeJS.ProcessEnv;
  outDir: string;
  redact: (text: string) => string;
  full: boolean;
  signal: AbortSignal;
}): Promise<DemoContainmentResult> {
  const opened: Harness[] = [];
  const harness: ContainmentHarness = async (workspace) => {
    const composed = await createHarness({
      workdir: workspace.root,
      provider: workspace.provider,
      mode: 'safe',
      approver: workspace.approver === 'auto' ? 'yes' : 'none',
      sessions: memorySessionStore(),
      audit: false,
      env: options.env,
    });
    opened.push(composed);
    return composed.agent;
  };
  try {
    const result = await runChecks({
      packs: [createContainmentPack({ harness })],
      selectors: ['pack:warden:containment'],
      env: options.full ? 'full' : 'quick',
      schedule: { mode: 'once' },
      outDir: options.outDir,
      redact: options.redact,
      signal: options.signal,
    });
    return { cases: summarize(result.report), html: result.files.html, dir: result.dir, exitCode: result.exitCode };
  } finally {
    await Promise.allSettled(opened.map((h) => h.close()));
  }
}

function summarize(report: EvidenceReport): DemoContainmentResult['cases'] {
  return report.cases.map((c) => {
    const metrics: Record<string, number> = {};
    for (const iteration of c.iterations) for (const m of iteration.metrics) metrics[m.name] = m.value;
    return { id: c.id, status: c.status, metrics };
  });
}
