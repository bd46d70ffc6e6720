import type { ProviderV1 } from '@warden/protocol';
import type { AgentRequest, AgentReply } from '../../src/index.js';

export interface TeamScript {
  plan: unknown;
  replans?: unknown[];
  rework?: unknown[];
  factory?: (taskId: string) => unknown;
  work: (taskId: string, input: string, n: number) => string | Error | Promise<string | Error>;
  check?: (taskId: string, output: string, n: number) => unknown;
  critic?: (concern: string, round: number, n: number) => unknown;
  consolidate?: (input: string) => unknown;
  cost?: Partial<Record<string, number>>;
}
export function roleOf(instructions: string): string;
export function team(script: TeamScript): {
  agents: (request: AgentRequest) => Promise<AgentReply>;
  provider: (options?: Record<string, unknown>) => ProviderV1;
  calls: { role: string; input: string }[];
  counts: Map<string, number>;
};
