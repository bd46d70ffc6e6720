import { type Decision, type GateV1, type ToolV1 } from '@warden/protocol';
import { canonicalJson } from '@warden/protocol/policy';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { policyError } from '../util/coded-errors.js';
import { sha256Hex } from '../util/digest.js';
import type { DecisionSink } from './decision-record.js';
import type { EffectiveGovernance } from './effective-governance.js';

/**
 * A stable fingerprint of what the model is told about any tool — built-in, `defineTool`, MCP or
 * A2A: name, title, description, input and output schema and annotations, key order ignored.
 * `sha256:<hex>`. The same for a tool rebuilt from the same declaration, different when any of it changes.
 */
export function fingerprintTool(tool: Pick<ToolV1, 'name' | 'description' | 'inputSchema'> & { title?: string; outputSchema?: unknown; annotations?: unknown }): string {
  const shape = { name: tool.name, title: tool.title ?? null, description: tool.description, inputSchema: tool.inputSchema, outputSchema: tool.outputSchema ?? null, annotations: tool.annotations ?? null };
  return `sha256:${sha256Hex(canonicalJson(shape))}`;
}

/** Tool name → fingerprint, as a pins file keeps them. */
export type ToolPins = Readonly<Record<string, string>>;

/** The tools against their pins: which changed, and which have no pin yet. */
export interface ToolDrift {
  drifted: { tool: string; pinned: string; now: string }[];
  unpinned: string[];
}

/** Fingerprints every tool. */
export function pinTools(tools: readonly ToolV1[]): Record<string, string> {
  return Object.fromEntries(tools.map((tool) => [tool.name, fingerprintTool(tool)]).sort(([a], [b]) => (a! < b! ? -1 : 1)));
}

/** Compares the tools with their pins. */
export function checkToolPins(tools: readonly ToolV1[], pins: ToolPins): ToolDrift {
  const drift: ToolDrift = { drifted: [], unpinned: [] };
  for (const tool of tools) {
    const pinned = pins[tool.name];
    const now = fingerprintTool(tool);
    if (pinned === undefined) drift.unpinned.push(tool.name);
    else if (pinned !== now) drift.drifted.push({ tool: tool.name, pinned, now });
  }
  return drift;
}

/** Reads a pins file (`{ "version": 1, "tools": { name: fingerprint } }`); undefined when there is none. */
export async function readToolPins(file: string): Promise<ToolPins | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed = JSON.parse(text) as { version?: unknown; tools?: unknown };
  const tools = parsed.tools;
  if (parsed.version !== 1 || tools === null || typeof tools !== 'object' || Object.values(tools).some((v) => typeof v !== 'string' || !v.startsWith('sha256:'))) {
    throw policyError({ code: 'policy.invalid', message: `${file} is not a tool pins file (version 1, tools: name → sha256 fingerprint)`, hint: 'Delete it and pin the tools again.' });
  }
  return tools as ToolPins;
}

/** Freezes the tools' fingerprints into a pins file (written whole, then renamed into place). */
export async function writeToolPins(file: string, tools: readonly ToolV1[]): Promise<ToolPins> {
  const pins = pinTools(tools);
  await mkdir(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, `${JSON.stringify({ version: 1, tools: pins }, null, 2)}\n`);
  await rename(temp, file);
  return pins;
}

/** The refusal of a drifted tool (`policy.tool_drift`). */
export function toolDriftError(drift: ToolDrift['drifted'][number]): Error {
  return policyError({
    code: 'policy.tool_drift',
    message: `the tool ${drift.tool} changed since it was pinned (${drift.pinned.slice(0, 19)}… → ${drift.now.slice(0, 19)}…), and governance says toolDrift: deny`,
    hint: 'Review what changed in the tool (an MCP server may have swapped what it does), then pin the tools again.',
  });
}

/**
 * The gate with drifted tools refused when the governance says `toolDrift: deny` (the refusal
 * names `policy.tool_drift`); under `warn`, or `mode: monitor`, a drifted tool's calls are recorded and decided as before.
 */
export function toolDriftGate(inner: GateV1, drift: ToolDrift, governance: EffectiveGovernance, options: { onDecision?: DecisionSink } = {}): GateV1 {
  const drifted = new Map(drift.drifted.map((d) => [d.tool, d]));
  const enforced = governance.mode === 'enforce' && governance.toolDrift === 'deny';
  return {
    specificationVersion: 'v1',
    async decide(call, ctx) {
      const found = drifted.get(call.name);
      if (!found) return inner.decide(call, ctx);
      options.onDecision?.({
        subject: 'tool',
        effect: enforced ? 'deny' : 'allow',
        enforced,
        rules: ['toolDrift'],
        policyVersion: governance.version,
        runId: ctx.runId,
        detail: { tool: call.name, drift: governance.toolDrift, pinned: found.pinned, now: found.now },
      });
      if (!enforced) return inner.decide(call, ctx);
      const refusal = toolDriftError(found);
      const decision: Decision = { effect: 'deny', reason: refusal.message, rule: 'governance.tool_drift', params: { code: 'policy.tool_drift', policyVersion: governance.version } };
      return decision;
    },
  };
}
