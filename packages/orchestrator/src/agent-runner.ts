// Every agent the orchestrator uses — the planner, the factory, each specialist, the checker, the
// consolidator and each critic — is one call of a `RunAgent`: text in, text out, with what it cost.
// `harnessAgents` (harness-agents.ts) makes each call a governed harness run; tests may hand in any
// function with this shape.

/** Which part of the job an agent call is for; `specialist` calls are work, the rest overhead. */
export type AgentRole = 'planner' | 'factory' | 'specialist' | 'checker' | 'consolidator' | 'critic';

export interface AgentRequest {
  role: AgentRole;
  /** The agent's name (a specialist's spec name; the role for the others, `critic-2` for critics). */
  agent: string;
  instructions: string;
  input: string;
  /** Tools the agent may use (already narrowed to what the orchestrator holds; none for overhead roles). */
  tools: readonly string[];
  /** A model tier the specialist asked for (`fast`, `standard`, `strong`). */
  tier?: string;
  /** A step ceiling (the harness's `maxTurns`). */
  maxSteps?: number;
  /** `isolated`: the specialist works in its own folder under the workspace. */
  workspace?: 'shared' | 'isolated';
  jobId: string;
  taskId?: string;
  signal?: AbortSignal;
}

export interface AgentReply {
  text: string;
  costUsd: number;
  /** Set when the agent's run did not finish normally (an error, a budget, a refusal to go on). */
  error?: { code: string; message: string };
}

export type RunAgent = (request: AgentRequest) => Promise<AgentReply>;
