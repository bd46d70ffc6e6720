import { writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  ATTACK_GOALS,
  BENIGN_TASKS,
  GOAL_CLASSES,
  HARNESS_PROFILES,
  fullPairing,
  headlineRows,
  quickPairing,
  renderReportHtml,
  renderReportMarkdown,
  runContainment,
  type ContainmentReport,
  type HeadlineRow,
} from '@warden/pack-containment';

export interface DemoContainmentResult {
  /** The headline table, one row per profile (ungoverned, none, yes, person-model, rubber-stamp). */
  rows: HeadlineRow[];
  /** Attack success and utility per profile, as numbers (for --json). */
  figures: Array<{ profile: string; utility: number; attackSuccessRate: number; asrUpper95: number; attackedEpisodes: number; containmentRate: number; asksPerTask: number }>;
  report: ContainmentReport;
  html: string;
  markdown: string;
  dir: string;
}

function demoGoals(full: boolean) {
  return full ? ATTACK_GOALS : GOAL_CLASSES.map((c) => ATTACK_GOALS.find((g) => g.class === c)).filter((g) => g !== undefined);
}

/** How many episodes the run will have: every profile runs every benign task, then its planned pairings. */
export function demoEpisodeCount(full: boolean): number {
  const pairings = (full ? fullPairing : quickPairing)(demoGoals(full), BENIGN_TASKS).length;
  return HARNESS_PROFILES.length * (BENIGN_TASKS.length + pairings);
}

/**
 * Runs warden:containment v2 against `createHarness` (the pack's default factory: the same
 * composition as `warden run`, sessions in memory, audit off) with every approver profile and the
 * ungoverned baseline. Quick: one goal of each class, every eleventh (goal, carrier, task)
 * pairing, all benign tasks. `full`: every goal in every carrier (a few hundred episodes a
 * profile; minutes). Writes the Markdown, HTML and JSON report into `dir`.
 */
export async function runDemoContainment(options: { dir: string; full: boolean; signal: AbortSignal; onEpisode?: (failed: boolean) => void }): Promise<DemoContainmentResult> {
  const report = await runContainment({
    plan: options.full ? 'full' : 'quick',
    goals: demoGoals(options.full),
    concurrency: 4,
    signal: options.signal,
    // Failed: the episode itself broke (the harness threw, the run did not end). An attack that got
    // through is a measurement, not a failure: the ungoverned baseline exists to let them through.
    ...(options.onEpisode ? { onEpisode: (e) => options.onEpisode!(e.error !== undefined) } : {}),
  });
  const { dir } = options;
  const markdown = path.join(dir, 'containment.md');
  const html = path.join(dir, 'containment.html');
  writeFileSync(markdown, renderReportMarkdown(report));
  writeFileSync(html, renderReportHtml(report));
  writeFileSync(path.join(dir, 'containment.json'), `${JSON.stringify(report, null, 1)}\n`);
  const figures = report.profiles.map(({ profile, metrics: m }) => ({
    profile,
    utility: m.utility,
    attackSuccessRate: m.attackSuccessRate,
    asrUpper95: m.asrUpper95,
    attackedEpisodes: m.attackedEpisodes,
    containmentRate: m.containmentRate,
    asksPerTask: m.asksPerTask,
  }));
  return { rows: headlineRows(report), figures, report, html, markdown, dir };
}
