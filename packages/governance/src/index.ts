// Explicit named re-exports only: adding a name here makes it public API.

// The gate
export { createGate } from './gate/create-gate.js';
export type { GateOptions, PolicyGate } from './gate/create-gate.js';
export type { ShellAnalyzerLike } from './gate/shell-analyzer-like.js';
export type { SandboxState, ShellSource } from './gate/shell-decision.js';

// Policies and the condition language
export { parsePolicy, loadPolicyFile, definePolicy, MAX_POLICY_BYTES } from './policy/load-policy.js';
export type { LoadPolicyOptions } from './policy/load-policy.js';
export { mergePolicies } from './policy/merge-policies.js';
export type { MergedPolicy } from './policy/merge-policies.js';
export { PolicyFile, PolicyRuleInput, PolicyExample, TaintSettingsInput } from './policy/policy-schema.js';
export type { Policy, TaintSettings } from './policy/policy.js';
export type { CompiledRule, RuleOrigin } from './policy/compiled-rule.js';
export { compileCondition } from './expr/compile-condition.js';
export { compileExpression } from './expr/compile-expression.js';
export type { Expression, ExpressionOptions } from './expr/compile-expression.js';
export type { Condition } from './expr/compile-condition.js';
export type { ExprEnv, EvalResult } from './expr/expr-evaluate.js';
export type { Expr, ExprRoot, ExprFunction, CompareOp, ArithOp } from './expr/expr-ast.js';

// Approvals
export { interactiveApprover, formatApprovalPrompt } from './approvals/interactive-approver.js';
// Kept for callers of governance's name; the one owner is the protocol's vocabulary.
export { terminalSafe } from '@warden/protocol/vocabulary';
export type { InteractiveApproverOptions } from './approvals/interactive-approver.js';
export { autoApprove, noApprover, functionApprover } from './approvals/simple-approvers.js';
export type { ApprovalFunction, FunctionApproverOptions } from './approvals/simple-approvers.js';
export { safeApprover } from './approvals/safe-approver.js';
export { shellGrantOf, shellGrantCovers, describeShellGrant } from './approvals/shell-grant.js';
export type { ShellGrant, GrantableAnalysis } from './approvals/shell-grant.js';
export type { SafeApproverOptions } from './approvals/safe-approver.js';
export { personRequiredApprover } from './approvals/person-required-approver.js';
export { durableApprovals, durableApprover, DEFAULT_APPROVAL_TTL_MS } from './approvals/durable-approvals.js';
export type { DurableApprovals, DurableApprovalsOptions, ResolvedApproval } from './approvals/durable-approvals.js';
export { approvalDigest, signApproval } from './approvals/approval-binding.js';

// Untrusted content (taint)
export { taintDetector, DEFAULT_TAINT_TOOLS } from './taint/taint-detector.js';
export type { TaintDetector, TaintDetectorOptions, TaintMark, AfterToolContext } from './taint/taint-detector.js';
export { DEFAULT_GUARD_TOOLS, DEFAULT_OPEN_WORLD_TOOLS } from './taint/taint-guard.js';

// Task-scoped authorization
export { taskScope } from './scope/task-scope.js';
export type { TaskScopeOptions } from './scope/task-scope.js';
export { scopeMatcher } from './scope/scope-matcher.js';
export type { ScopeMatcher } from './scope/scope-matcher.js';
export { DEFAULT_INSTRUCTION_FILES } from './scope/instruction-files.js';
export { asksForChange } from './scope/task-intent.js';
export { EFFECT_TABLE } from './effects/effect-table.js';
export type { EffectRow, Structure } from './effects/effect-table.js';
export { effectClassifier } from './effects/effect-classifier.js';
export type { EffectClassifier, EffectClassifierSettings, FileChange, ClassifiedChange } from './effects/effect-classifier.js';
export { resolveWorkspacePath } from './effects/resolve-path.js';
export type { ResolvedPath } from './effects/resolve-path.js';
export { TOOL_EFFECT_TABLE, RUN_STATE_TOOLS, toolEffectClass, egressKey } from './effects/call-effect.js';
export type { ToolEffectRow, EgressKey } from './effects/call-effect.js';
export { injectionSignal } from './taint/injection-signals.js';

// The audit trail
export { auditLog, argsDigest } from './audit/audit-log.js';
export type { AuditLog, AuditLogOptions } from './audit/audit-log.js';
export { AuditEntry, GENESIS_HASH } from './audit/audit-entry.js';
export { jsonlAuditSink, memoryAuditSink } from './audit/audit-sinks.js';
export type { JsonlAuditSinkOptions } from './audit/audit-sinks.js';
export type { AuditSink } from './audit/audit-sinks.js';
export { sessionAuditSink, AUDIT_META_KEY } from './audit/session-audit-sink.js';
export { verifyAudit } from './audit/verify-audit.js';
export type { AuditVerification } from './audit/verify-audit.js';

// Model-based review
export { modelReviewer, ReviewVerdict } from './review/model-reviewer.js';
export type { ModelReviewer, ModelReviewPolicy } from './review/model-reviewer.js';

// Errors
export { GOVERNANCE_ERROR_CODES } from './util/governance-error-codes.js';
export { GATE_RULES, TAINT_REASONS } from './gate/gate-rules.js';
export type { GateRule, TaintReason } from './gate/gate-rules.js';
export type { GovernanceErrorCode } from './util/governance-error-codes.js';

// The shell deny list and the path policy, from @warden/shell-policy (re-exported unchanged)
export { loadShellAnalyzer, SHELL_ALLOW_RULE, SHELL_RULES, SHELL_POLICY_ERROR_CODES } from '@warden/shell-policy';
export type {
  ShellAnalyzerOptions,
  ShellAnalyzer,
  ShellAnalysis,
  ShellDecisionContext,
  ShellFinding,
  ShellMode,
  ShellWord,
  ShellWrite,
  ShellNetworkUse,
  SimpleCommand,
  FindingKind,
  FindingParams,
  ShellRule,
  ShellPolicyErrorCode,
} from '@warden/shell-policy';
export { pathPolicy, DEFAULT_PROTECTED_NAMES } from '@warden/shell-policy';
export type { PathClass, PathPolicy, PathPolicyOptions, InspectOptions, PathInspection } from '@warden/shell-policy';

// Secret redaction
export { createRedactor } from './redaction/redactor.js';
export type { Redactor, RedactorOptions, CustomSecretPattern, RedactionAfterToolContext } from './redaction/redactor.js';
export { isSecretName } from './redaction/secret-names.js';
export { redactEvent, redactText, redactApprovalRequest, redactMessage, redactRunResult } from './redaction/redact-event.js';
export type { TextRedactor, RedactableRunResult } from './redaction/redact-event.js';
export { createTextStreamRedactor } from './redaction/stream-redactor.js';
export type { TextStreamRedactor, TextStreamRedactorOptions } from './redaction/stream-redactor.js';

// Guardrails and PII
export { guardrails } from './guardrails/guardrails.js';
export type {
  Guardrails,
  GuardrailsOptions,
  GuardrailViolation,
  GuardrailRule,
  CheckableResult,
  GuardrailBeforeToolContext,
  GuardrailAfterToolContext,
  GuardrailAfterModelContext,
} from './guardrails/guardrails.js';
export { detectPii, redactPii, luhnValid, ibanValid, PII_KINDS } from './guardrails/pii.js';
export type { PiiKind, PiiSpan } from './guardrails/pii.js';

// Content rails: deterministic detectors and LLM judges
export { noPii, noSecrets, noInjection, notToxic } from './rails/detectors.js';
export type { NoPiiOptions, NotToxicOptions } from './rails/detectors.js';
export { grounded } from './rails/grounded.js';
export type { GroundedOptions } from './rails/grounded.js';
export { noRepetition, requireCitation } from './rails/repetition-citation.js';
export type { NoRepetitionOptions, RequireCitationOptions } from './rails/repetition-citation.js';
export { redact, DETECTOR_NAMES } from './rails/rail-finding.js';
export type { RailFinding, RailSpan, RailContext, Detector, DetectorName } from './rails/rail-finding.js';
export { TOXIC_WORDS } from './rails/toxic-words.js';
export { llmJudge, JudgeVerdict } from './rails/llm-judge.js';
export type { LlmJudge, LlmJudgeOptions, JudgeOnError, JudgeOutcome } from './rails/llm-judge.js';
export { JUDGE_POLICIES, JUDGE_POLICY_NAMES } from './rails/judge-policies.js';
export type { JudgePolicyName } from './rails/judge-policies.js';
export { RailSpec, ContentRailsSpec, buildRails } from './rails/rail-spec.js';
export type { BuiltRails } from './rails/rail-spec.js';
export { checkRails } from './rails/check-rails.js';
export type { RailCheck } from './rails/check-rails.js';
export { contentRails } from './rails/content-rails.js';
export type { ContentRails, ContentRailsOptions, RailEvent } from './rails/content-rails.js';

// Plan linting and plan-first control-flow integrity
export { lintPlan, PLAN_ISSUE_CODES, PLAN_LIMITS } from './plan/lint-plan.js';
export type { LintPlanOptions, PlanLimits, PlanLintResult, PlanIssueCode } from './plan/lint-plan.js';
export { conformingStep } from './plan/plan-conformance.js';
export { planGate, PLAN_RULE } from './plan/plan-gate.js';
export { SENSITIVE_ARGUMENTS } from './plan/plan-refs.js';

// Exact data classification
export { classifyText } from './classify/classify.js';
export type { Finding } from './classify/classify.js';
export { DATA_CLASSES, EXACT_DATA_CLASSES, DATA_CLASS_SEVERITY, isDataClass, parseDataClasses } from './classify/data-classes.js';
export type { DataClass, ExactDataClass, Severity } from './classify/data-classes.js';
export { SPECIAL_CATEGORIES, SPECIAL_CATEGORY_WORDS } from './classify/special-categories.js';
export type { SpecialCategory } from './classify/special-categories.js';
export { verhoeffValid } from './classify/check-digits.js';
export { aadhaarValid, sgNricValid, emiratesIdValid, saudiIdValid, cnResidentIdValid, usSsnValid } from './classify/national-ids.js';
export { euVatValid, EU_VAT_COUNTRIES } from './classify/eu-vat.js';

// Purpose limitation and pseudonymisation
export { dataProtection } from './privacy/data-protection.js';
export type { DataProtection, DataProtectionOptions, DataTreatment, TreatedData } from './privacy/data-protection.js';
export { PSEUDONYM_PATTERN } from './privacy/token-vault.js';

// Ed25519-signed audit trails and quorum approvals
export { ed25519Signing, ed25519PrivateKey, ed25519PublicKey, ED25519_FIELD } from './audit/ed25519-signing.js';
export { verifyAuditSignatures } from './audit/verify-signatures.js';

// Data-subject rights: per-person keys in the trail, erasure that keeps the chain, export (issue 40)
export { subjectKeyStore } from './audit/subject-keys.js';
export type { SubjectKey, SubjectKeyStore } from './audit/subject-keys.js';
export { SUBJECT_TOKEN_PATTERN, sealForSubject, openSubjectToken, openSubjectTokens } from './audit/subject-tokens.js';
export { eraseSubject, DSAR_ERASURE_KIND } from './rights/erase-subject.js';
export type { EraseSubjectOptions } from './rights/erase-subject.js';
export { exportSubject } from './rights/export-subject.js';
export type { SubjectExport } from './rights/export-subject.js';
export { verifyErasureReceipt } from './rights/erasure-receipt.js';
export type { ErasureReceipt, ErasedCounts } from './rights/erasure-receipt.js';
export type { SubjectIndex, SubjectRightsOptions } from './rights/subject-rights.js';
export { quorumApprover, approversNeeded } from './approvals/quorum-approver.js';
export type { QuorumApproverOptions, QuorumMember, QuorumOutcome } from './approvals/quorum-approver.js';

// Declared governance: governance.yaml, packs, enforcement, reports
export { GovernanceFile, GovernancePolicy, GovernanceRule } from './declared/governance-schema.js';
export { GovernancePack, EVIDENCE_CHECKS } from './declared/pack-schema.js';
export type { EvidenceCheck } from './declared/pack-schema.js';
export { parseGovernance, loadGovernanceFile, checkedPack } from './declared/load-governance.js';
export type { DeclaredGovernance } from './declared/load-governance.js';
export { BUILTIN_PACKS, BUILTIN_PACK_DATA } from './declared/builtin-packs.js';
export { effectiveGovernance } from './declared/effective-governance.js';
export type { EffectiveGovernance } from './declared/effective-governance.js';
export { decideTool, decideData, decideModel } from './declared/decide.js';
export type { ToolVerdict, DataVerdict } from './declared/decide.js';
export type { ToolEffect, DataEffect } from './declared/governance-rule.js';
export { governedGate } from './declared/governed-gate.js';
export { governedDataProtection } from './declared/governed-data.js';
export { residentProvider, destinationRegion, residencyAllows } from './declared/residency.js';
export { delegatedIdentity, intersectTools, identityHolds, purposeNarrows, assertPermittedUse } from './declared/agent-identity.js';
export type { AgentIdentity, DelegatedIdentity } from './declared/agent-identity.js';
export { fingerprintTool, pinTools, checkToolPins, readToolPins, writeToolPins, toolDriftGate, toolDriftError } from './declared/tool-pins.js';
export type { ToolPins, ToolDrift } from './declared/tool-pins.js';
export { approvalNotifier, approvalNotice, notifyingApprover } from './approvals/approval-notify.js';
export type { ApprovalNotifyOptions, NotifyDelivery, NotifySend } from './approvals/approval-notify.js';
export type { Backend, ResidentProviderOptions } from './declared/residency.js';
export { auditDecisions, approvalDecisions, GOVERNANCE_DECISION_KIND } from './declared/decision-record.js';
export type { GovernanceDecisionRecord, DecisionSink } from './declared/decision-record.js';
export { trailFacts } from './declared/trail-facts.js';
export type { TrailFacts } from './declared/trail-facts.js';
export { packReport, formatPackReport, REPORT_NOTICE } from './declared/pack-report.js';
export type { PackReport, RequirementResult, ControlResult, RequirementStatus, ControlStatus } from './declared/pack-report.js';
export { governanceJsonSchema } from './declared/json-schema.js';

// Agent threats, incidents with regulator clocks, and transparency (notice, provenance, inventory, DPIA)
export { threatGuard, DEFAULT_DELEGATION_TOOLS } from './threats/threat-guard.js';
export type { ThreatGuard, ThreatGuardOptions, Threat, ThreatCode } from './threats/threat-guard.js';
export { REGULATOR_CLOCKS, INCIDENT_CONDITIONS, RegulatorClocks, applicableRegimes, clockDue } from './incidents/regulator-clocks.js';
export type { IncidentCondition, RegulatorClock, RegulatorRegime } from './incidents/regulator-clocks.js';
export { incidentTracker, readIncidents, nextDeadline, incidentDeadlines, INCIDENT_CAUSES, INCIDENT_OPENED_KIND, INCIDENT_CLOSED_KIND } from './incidents/incidents.js';
export type { Incident, IncidentCause, IncidentDeadline, IncidentInput, IncidentTracker, IncidentTrackerOptions } from './incidents/incidents.js';
export { provenanceManifest, verifyProvenance, ed25519KeyId, PROVENANCE_SPEC } from './transparency/provenance.js';
export type { ProvenanceFacts, ProvenanceManifest, ProvenanceVerification } from './transparency/provenance.js';
export { aiInventory } from './transparency/ai-inventory.js';
export type { InventoryInput } from './transparency/ai-inventory.js';
export { dpiaDraft, DPIA_NOTICE } from './transparency/dpia-draft.js';
export type { DpiaInput } from './transparency/dpia-draft.js';
export { injectionIncidents } from './incidents/injection-incidents.js';
export type { InjectionIncidents } from './incidents/injection-incidents.js';
