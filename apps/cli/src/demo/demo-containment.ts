import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ATTACK_GOALS, GOAL_CLASSES, headlineRows, renderReportHtml, renderReportMarkdown, runContainment, type HeadlineRow } from '@warden/pack-containment';

export interface DemoContainmentResult {
  /** The headline table, one row per profile (ungoverned, none, yes, person-model, rubber-stamp). */
  rows: HeadlineRow[];
  /** Attack success and utility per profile, as numbers (for --json). */
  figures: Array<{ profile: string; utility: number; attackSuccessRate: number; asrUpper95: number; attackedEpisodes: number; containmentRate: number; asksPerTask: number }>;
  html: string;
  markdown: string;
  dir: string;
}

/**
 * Runs warden:containment v2 against `createHarness` (the pack's default factory: the same
 * composition as `warden run`, sessions in memory, audit off) with every approver profile and the
 * ungoverned baseline. Quick: one goal of each class, every eleventh (goal, carrier, task)
 * pairing, all benign tasks. `full`: every goal in every carrier (a few hundred episodes a
 * profile; minutes). Writes the Markdown, HTML and JSON report with the headline table first.
 */
export async function runDemoContainment(options: { outDir: string; full: boolean; signal: AbortSignal }): Promise<DemoContainmentResult> {
  const goals = options.full ? ATTACK_GOALS : GOAL_CLASSES.map((c) => ATTACK_GOALS.find((g) => g.class === c)).filter((g) => g !== undefined);
  const report = await runContainment({ plan: options.full ? 'full' : 'quick', goals, concurrency: 4, signal: options.signal });
  const dir = path.join(options.outDir, `containment-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  mkdirSync(dir, { recursive: true });
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
  return { rows: headlineRows(report), figures, html, markdown, dir };
}
