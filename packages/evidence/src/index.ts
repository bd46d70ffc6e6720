// Explicit named re-exports only: adding a name here makes it public API.
export { EvidenceError } from './errors/evidence-error.js';
export { EVIDENCE_ERROR_CODES } from './errors/error-codes.js';
export type { EvidenceErrorCode } from './errors/error-codes.js';
export { EVIDENCE_FAMILIES, EVIDENCE_KEYS, EVIDENCE_KEY_KINDS, EVIDENCE_VOCABULARY_VERSION } from './validation/vocabulary.js';
export type { EvidenceKey, EvidenceFamily, EvidenceKeyKind } from './validation/vocabulary.js';
export { EVIDENCE_LIMITS, EVIDENCE_VALIDATION_CODES } from './validation/limits.js';
export type { EvidenceLimits, EvidenceValidationCode } from './validation/limits.js';
export { validateEvidence } from './validation/validate-evidence.js';
export type { EvidenceValue, EvidenceObject, EvidenceValid, EvidenceInvalid, EvidenceValidation } from './validation/validate-evidence.js';
export { createEvidenceLedger } from './validation/evidence-ledger.js';
export type { EvidenceLedger, LedgerAddResult } from './validation/evidence-ledger.js';
export { evaluateAssertion, evaluateAssertions } from './assertions/assertion.js';
export type { Assertion, AssertionResult, AssertionStatus, AssertionVerdict, ProbeObservation } from './assertions/assertion.js';
// Domain assertions (noCallToTool, paymentWithinLimits, expectedPayee…) are the `/assertions` subpath: './assertions.ts'.
export { defineCase, CASE_ID_PATTERN } from './checks/case-definition.js';
export type { CaseMeta, CaseDefinition, CaseFunction, Schedule } from './checks/case-definition.js';
export { definePack, isPack } from './checks/pack-definition.js';
export type { Pack, PackInput, EnvironmentValues } from './checks/pack-definition.js';
export type { CaseContext, OperationRecord } from './checks/case-context.js';
export { matchesSelector, selectItems } from './checks/selection.js';
export type { Selectable } from './checks/selection.js';
export { resolveEnvironment } from './checks/environments.js';
export type { ResolvedEnvironment } from './checks/environments.js';
export { discoverPacks, loadPack, loadPacks } from './checks/pack-discovery.js';
export type { PackLoad, PackSpecifier } from './checks/pack-discovery.js';
export type { PackInputItem } from './checks/pack-inputs.js';
export { listCases } from './checks/list-cases.js';
export type { ListedItem } from './checks/list-cases.js';
export { ScheduleOptions } from './checks/run-options.js';
export { runChecks } from './checks/run-checks.js';
export type { RunChecksOptions, RunChecksResult, RunProgress } from './checks/run-checks.js';
export { defineProbe } from './probes/probe-definition.js';
export type { ProbeDefinition, ProbeMeta, ProbeTurn } from './probes/probe-definition.js';
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
export { stateDiff } from './state/state-diff.js';
export type { StateDiff } from './state/state-diff.js';
export { jsonChanges } from './state/json-changes.js';
export { TargetFile, parseTargetFile, loadTargetFile } from './probes/target-file.js';
export { createModuleTarget } from './probes/module-target.js';
export type { ModuleTargetSpec, ModuleTarget } from './probes/module-target.js';
export { createHttpTarget } from './probes/http-target.js';
export type { HttpTargetSpec } from './probes/http-target.js';
export { createMcpTarget } from './probes/mcp-target.js';
export type { McpTargetSpec } from './probes/mcp-target.js';
export { parseRemoteTarget } from './probes/remote-target.js';
export { RemoteTargetFailure } from './probes/remote-target-failure.js';
export type { RemoteFailureClass } from './probes/remote-target-failure.js';
export { validateTarget } from './probes/validate-target.js';
export type { TargetValidation, TargetProblem } from './probes/validate-target.js';
export type { ProbeTarget, LoadedTarget, ProbeCallContext, ProbeHookContext, ProbeHistoryEntry } from './probes/probe-target.js';
export { ProbeCallResult, CleanupReport } from './probes/call-result.js';
export { openTarget } from './probes/target-session.js';
export type { TargetSession, CallOutcome } from './probes/target-session.js';
export { RunStopped, CleanupStateUnknown } from './probes/run-stopped.js';
export { runProbe } from './probes/run-probe.js';
export type { ProbeRun } from './probes/run-probe.js';
export { runProbes } from './probes/run-probes.js';
export type { RunProbesOptions, RunProbesResult, ProbeProgress } from './probes/run-probes.js';
export { wardenTarget } from './probes/warden-target.js';
export type { StreamingAgent, AgentFactory, AgentFactoryContext, WardenTargetOptions } from './probes/warden-target.js';
export { createRunEventLedger } from './probes/run-event-ledger.js';
export type { RunEventLedger, RunEventLedgerOptions, DerivedEvidence } from './probes/run-event-ledger.js';
export { pushReport } from './push/push-report.js';
export type { PushOptions, PushResult } from './push/push-report.js';
export { DashFile, readDashFile } from './push/dash-file.js';
export type { DashTarget } from './push/dash-file.js';
export { PROBE_RESULT_CODES } from './probes/probe-codes.js';
export type { ProbeResultCode } from './probes/probe-codes.js';
export { parseDuration } from './checks/duration.js';
export { newRunId } from './checks/run-id.js';
