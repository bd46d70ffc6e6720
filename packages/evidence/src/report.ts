// `@warden/evidence/report`: explicit named re-exports only; adding a name here makes it public API.
export {
  REPORT_SCHEMA_VERSION,
  EvidenceReport,
  CaseReport,
  ProbeReport,
  Iteration,
  CaseStatus,
  IterationStatus,
  StepStatus,
  StateChange,
  StateTransition,
  reportJsonSchema,
} from './report/report-schema.js';
export { renderMarkdown } from './report/render-markdown.js';
export { renderJunit } from './report/render-junit.js';
export { renderHtml } from './report/render-html.js';
export { runTimelineFromEvents } from './report/run-timeline.js';
export type { RunTimeline, TimelineEntry, TimelineAudit, TimelineSession } from './report/run-timeline.js';
export { renderTimelineHtml, TIMELINE_CSS } from './report/html-timeline.js';
export { renderReport, writeReport } from './report/write-report.js';
export type { ReportFiles } from './report/write-report.js';
export { redactReport } from './report/redact-report.js';
export type { Redactor } from './report/redact-report.js';
export { pushReport } from './push/push-report.js';
export type { PushOptions, PushResult } from './push/push-report.js';
export { DashFile, readDashFile } from './push/dash-file.js';
export type { DashTarget } from './push/dash-file.js';
