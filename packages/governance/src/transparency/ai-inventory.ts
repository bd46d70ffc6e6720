import { randomUUID } from 'node:crypto';
import type { GovernancePack } from '../declared/pack-schema.js';

/** What an AI inventory lists: the system's agents, models, tools, MCP servers and governance packs. */
export interface InventoryInput {
  /** The system (project) the inventory describes. */
  name: string;
  version?: string;
  /** The Warden version that wrote the inventory. */
  wardenVersion: string;
  agents: readonly { name: string; description?: string; models: readonly string[]; tools: readonly string[]; mcpServers?: readonly string[] }[];
  /** Tools with their effect class (`read`, `write`, `network`, …) where known. */
  tools: readonly { name: string; effect?: string; description?: string }[];
  /** MCP servers: a URL for remote ones, a command name for local ones (never arguments or env). */
  mcpServers: readonly { name: string; url?: string; command?: string }[];
  packs: readonly GovernancePack[];
  policyVersion?: string;
  timestamp?: Date;
  serialNumber?: string;
}

type Json = Record<string, unknown>;

/** `provider:model` → publisher and name. */
function splitModel(id: string): { publisher?: string; name: string } {
  const at = id.indexOf(':');
  return at > 0 ? { publisher: id.slice(0, at), name: id.slice(at + 1) } : { name: id };
}

const ref = {
  agent: (name: string) => `agent:${name}`,
  model: (id: string) => `model:${id}`,
  tool: (name: string) => `tool:${name}`,
  mcp: (name: string) => `mcp:${name}`,
  pack: (id: string) => `pack:${id}`,
};

/**
 * The AI inventory as a CycloneDX 1.6 ML-BOM (JSON): agents as applications, models as
 * `machine-learning-model` components, tools as applications with their effect class, MCP
 * servers as services, governance packs as data components with their dated source; the
 * dependency graph says which agent uses what. It lists; it does not attest anything.
 */
export function aiInventory(input: InventoryInput): Json {
  const models = [...new Set([...input.agents.flatMap((a) => a.models)])].sort();
  const tools = new Map(input.tools.map((t) => [t.name, t]));
  for (const agent of input.agents) for (const name of agent.tools) if (!tools.has(name)) tools.set(name, { name });
  const components: Json[] = [
    ...input.agents.map((a) => ({
      type: 'application',
      'bom-ref': ref.agent(a.name),
      name: a.name,
      ...(a.description ? { description: a.description } : {}),
      properties: [{ name: 'warden:kind', value: 'agent' }],
    })),
    ...models.map((id) => {
      const { publisher, name } = splitModel(id);
      return {
        type: 'machine-learning-model',
        'bom-ref': ref.model(id),
        name,
        ...(publisher ? { publisher } : {}),
        modelCard: { modelParameters: { task: 'text-generation' } },
        properties: [{ name: 'warden:kind', value: 'model' }],
      };
    }),
    ...[...tools.values()]
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((t) => ({
        type: 'application',
        'bom-ref': ref.tool(t.name),
        name: t.name,
        ...(t.description ? { description: t.description } : {}),
        properties: [
          { name: 'warden:kind', value: 'tool' },
          ...(t.effect ? [{ name: 'warden:effect', value: t.effect }] : []),
        ],
      })),
    ...input.packs.map((p) => ({
      type: 'data',
      'bom-ref': ref.pack(p.id),
      name: p.id,
      version: p.published,
      description: p.title,
      externalReferences: [{ type: 'documentation', url: p.source }],
      data: [{ type: 'configuration', name: p.id, contents: { url: p.source } }],
      properties: [
        { name: 'warden:kind', value: 'governance-pack' },
        { name: 'warden:reviewed', value: p.reviewed },
      ],
    })),
  ];
  const services = input.mcpServers.map((s) => ({
    'bom-ref': ref.mcp(s.name),
    name: s.name,
    ...(s.url ? { endpoints: [s.url] } : {}),
    properties: [
      { name: 'warden:kind', value: 'mcp-server' },
      ...(s.command ? [{ name: 'warden:command', value: s.command }] : []),
    ],
  }));
  const mcpNames = new Set(input.mcpServers.map((s) => s.name));
  const dependencies = [
    ...input.agents.map((a) => ({
      ref: ref.agent(a.name),
      dependsOn: [...a.models.map(ref.model), ...a.tools.map(ref.tool), ...(a.mcpServers ?? []).filter((m) => mcpNames.has(m)).map(ref.mcp)],
    })),
    { ref: ref.agent('*'), dependsOn: input.packs.map((p) => ref.pack(p.id)) },
  ].filter((d) => d.ref !== ref.agent('*') || d.dependsOn.length > 0);
  const root = { type: 'application', 'bom-ref': ref.agent('*'), name: input.name, ...(input.version ? { version: input.version } : {}) };
  return {
    bomFormat: 'CycloneDX',
    specVersion: '1.6',
    serialNumber: input.serialNumber ?? `urn:uuid:${randomUUID()}`,
    version: 1,
    metadata: {
      timestamp: (input.timestamp ?? new Date()).toISOString(),
      tools: { components: [{ type: 'application', name: 'warden', version: input.wardenVersion }] },
      component: root,
      properties: [
        { name: 'warden:notice', value: 'An inventory of what is configured; not legal advice and not an attestation of compliance.' },
        ...(input.policyVersion ? [{ name: 'warden:policy-version', value: input.policyVersion }] : []),
      ],
    },
    components,
    services,
    dependencies,
  };
}
