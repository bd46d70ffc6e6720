import type { MessageKey } from '../i18n/catalog-types.js';
import type { CommandModule } from './command.js';

export interface CommandEntry {
  summary: MessageKey;
  load(): Promise<CommandModule>;
}

/** Every command, loaded on demand; the summaries let `warden --help` list them without loading any. */
export const COMMANDS: Record<string, CommandEntry> = {
  run: { summary: 'command.run.summary', load: async () => (await import('../commands/run-command.js')).runCommand },
  demo: { summary: 'command.demo.summary', load: async () => (await import('../commands/demo-command.js')).demoCommand },
  sessions: { summary: 'command.sessions.summary', load: async () => (await import('../commands/sessions-command.js')).sessionsCommand },
  report: { summary: 'command.report.summary', load: async () => (await import('../commands/report-command.js')).reportCommand },
  fleet: { summary: 'command.fleet.summary', load: async () => (await import('../commands/fleet-command.js')).fleetCommand },
  worker: { summary: 'command.worker.summary', load: async () => (await import('../commands/worker-command.js')).workerCommand },
  approvals: { summary: 'command.approvals.summary', load: async () => (await import('../commands/approvals-command.js')).approvalsCommand },
  sandboxes: { summary: 'command.sandboxes.summary', load: async () => (await import('../commands/sandboxes-command.js')).sandboxesCommand },
  providers: { summary: 'command.providers.summary', load: async () => (await import('../commands/providers-command.js')).providersCommand },
  models: { summary: 'command.models.summary', load: async () => (await import('../commands/models-command.js')).modelsCommand },
  check: { summary: 'command.check.summary', load: async () => (await import('../commands/check-command.js')).checkCommand },
  probe: { summary: 'command.probe.summary', load: async () => (await import('../commands/probe-command.js')).probeCommand },
  evidence: { summary: 'command.evidence.summary', load: async () => (await import('../commands/evidence-command.js')).evidenceCommand },
  mcp: { summary: 'command.mcp.summary', load: async () => (await import('../commands/mcp-command.js')).mcpCommand },
  a2a: { summary: 'command.a2a.summary', load: async () => (await import('../commands/a2a-command.js')).a2aCommand },
  dash: { summary: 'command.dash.summary', load: async () => (await import('../commands/dash-command.js')).dashCommand },
  governance: { summary: 'command.governance.summary', load: async () => (await import('../commands/governance-command.js')).governanceCommand },
  audit: { summary: 'command.audit.summary', load: async () => (await import('../commands/audit-command.js')).auditCommand },
  skill: { summary: 'command.skill.summary', load: async () => (await import('../commands/skill-command.js')).skillCommand },
  doctor: { summary: 'command.doctor.summary', load: async () => (await import('../commands/doctor-command.js')).doctorCommand },
  agents: { summary: 'command.agents.summary', load: async () => (await import('../commands/agents-command.js')).agentsCommand },
  workflow: { summary: 'command.workflow.summary', load: async () => (await import('../commands/workflow-command.js')).workflowCommand },
  eval: { summary: 'command.eval.summary', load: async () => (await import('../commands/eval-command.js')).evalCommand },
  replay: { summary: 'command.replay.summary', load: async () => (await import('../commands/replay-command.js')).replayCommand },
  knowledge: { summary: 'command.knowledge.summary', load: async () => (await import('../commands/knowledge-command.js')).knowledgeCommand },
  orchestrate: { summary: 'command.orchestrate.summary', load: async () => (await import('../commands/orchestrate-command.js')).orchestrateCommand },
};
