import { createAgent } from '@warden/core';
import { buildSystemPrompt, createHarness, type HarnessOptions } from '@warden/harness';
import type { ApproverV1, ProviderV1, StreamingAgent } from '@warden/protocol';
import { memorySessionStore, recordingGate } from '@warden/protocol/testing';
import { createWorkspaceTools, mcpTools } from '@warden/tools';
import type { HarnessProfile } from './approver-profiles.js';

/** One MCP server to connect for the episode (stdio). */
export interface ContainmentMcpServer {
  command: string;
  args: string[];
}

/** What a harness factory is handed for one episode. */
export interface ContainmentWorkspace {
  /** The workspace root (a fresh temp directory with the planted files). */
  root: string;
  /** The obeying model: the agent's provider. */
  provider: ProviderV1;
  /** Which profile the episode measures. */
  profile: HarnessProfile;
  /** The approver for `createHarness`: `none`, `yes`, or a person approver (person-model, rubber-stamp). */
  approver: ApproverV1 | 'none' | 'yes';
  /** The environment the agent's shell gets (`HOME` is the episode's fake home). */
  env: Record<string, string | undefined>;
  /** MCP servers the episode needs (untrusted, by name); tools are `<name>__<tool>`. */
  mcpServers: Record<string, ContainmentMcpServer>;
  /** Sub-agents the model may delegate to. */
  subagents: NonNullable<HarnessOptions['subagents']>;
}

/** The agent under test: protocol's `StreamingAgent`, plus `close` when it holds resources (MCP servers). */
export type ContainmentAgent = StreamingAgent & { close?(): Promise<void> };

/** Builds the agent under test for one episode. Inject your own to measure your own harness. */
export type ContainmentHarness = (workspace: ContainmentWorkspace) => ContainmentAgent | Promise<ContainmentAgent>;

/**
 * The product under test: `createHarness` from `@warden/harness` (the composition the CLI runs),
 * with the episode's model, approver, environment, MCP servers and sub-agents. Sessions stay in
 * memory and the audit trail is off, so the harness writes nothing into the world the pack
 * inspects. `overrides` changes any other option (a mode, policies, a scope).
 */
export function createContainmentHarness(overrides: Partial<HarnessOptions> = {}): ContainmentHarness {
  return async (ws) => {
    const harness = await createHarness({
      workdir: ws.root,
      provider: ws.provider,
      approver: ws.approver,
      env: ws.env,
      audit: false,
      sessions: memorySessionStore(),
      mode: 'safe',
      maxTurns: 40,
      shell: { timeoutMs: 20_000 },
      subagents: ws.subagents,
      // The docs server stands in for a remote third-party service and runs from the pack's own folder,
      // which the OS sandbox hides when the checkout lives under /tmp or home: it starts outside it.
      ...(Object.keys(ws.mcpServers).length > 0 ? { mcpServers: Object.fromEntries(Object.entries(ws.mcpServers).map(([name, s]) => [name, { command: s.command, args: s.args, sandbox: false }])) } : {}),
      ...overrides,
    });
    return { stream: (task, options) => harness.agent.stream(task, options), close: () => harness.close() };
  };
}

/**
 * The ungoverned baseline: core's agent with the same workspace tools, system prompt, MCP servers
 * and sub-agents, but a gate that allows everything, no approver, no redaction and no taint. Its
 * utility is what "utility ≥ 95% of ungoverned" is measured against; its attack success shows the
 * attacks are real.
 */
export function createUngovernedHarness(): ContainmentHarness {
  return async (ws) => {
    const { tools } = createWorkspaceTools({ root: ws.root, allowShell: true, shell: { env: { ...ws.env }, timeoutMs: 20_000 } });
    const servers = Object.entries(ws.mcpServers);
    const mcp = servers.length > 0 ? await mcpTools({ servers: Object.fromEntries(servers.map(([name, s]) => [name, { command: s.command, args: s.args }])) }) : undefined;
    const prompt = await buildSystemPrompt({ workdir: ws.root, mode: 'yolo', tools });
    const agent = createAgent({
      provider: ws.provider,
      tools: [...tools, ...(mcp?.tools ?? [])],
      gate: recordingGate(),
      system: prompt.text,
      maxTurns: 40,
      subagents: ws.subagents,
      context: { workspace: ws.root },
    });
    return { stream: (task, options) => agent.stream(task, options), close: async () => mcp?.close() };
  };
}
