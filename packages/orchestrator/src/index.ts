// Explicit named re-exports only: adding a name here makes it public API.
export { createOrchestrator } from './create-orchestrator.js';
export type { Orchestrator, OrchestratorOptions, OrchestratorBudget, OrchestratorEvent, OrchestratorEventType, OrchestratorResult, JobStatus } from './orchestrator-types.js';
export { harnessAgents } from './harness-agents.js';
export { fleetAgents } from './fleet-agents.js';
export type { FleetAgentsOptions } from './fleet-agents.js';
export type { HarnessAgents, HarnessAgentsOptions } from './harness-agents.js';
export type { AgentRole, AgentRequest, AgentReply, RunAgent } from './agent-runner.js';
export { PlannedTask, PlannerAnswer, graphWidth, lintTasks, asProtocolPlan } from './plan.js';
export type { JobTask, OrchestratorPlan } from './plan.js';
export { SpecialistSpec, narrowSpec } from './specialist.js';
export type { StaffedSpec, FactoryLimits } from './specialist.js';
export { approvePlan, ORCHESTRATOR_PLAN_TOOL, ORCHESTRATOR_PLAN_RULE } from './approve-plan.js';
export { ROLE_INSTRUCTIONS } from './role-instructions.js';
export { ORCHESTRATOR_KEYS } from './job-state.js';
export type { TaskRecord, Consolidation, ConsolidatedItem, CriticVerdict, ReviewRecord, SpendEntry, JobEnd, PlanApprovalStatus } from './job-state.js';
export { OrchestratorError } from './orchestrator-error.js';
export { ORCHESTRATOR_ERROR_CODES } from './orchestrator-error-codes.js';
export type { OrchestratorErrorCode } from './orchestrator-error-codes.js';
