import { RailSpec } from '@warden/governance';
import { GateMode } from '@warden/protocol/schemas';
import { z } from 'zod';

// The shape of a blueprint (`agents.yaml` / `agents.json`, seed 003 "Declaring it all in a file"):
// agents, their versions, named prompts and guardrail sets, and sub-agents, in a file a team
// reviews and diffs. Keys follow the seed's spelling (snake_case), as workflow files do. Tools stay
// in code: a file names them (a built-in, a tool the caller hands in, or a module specifier
// `./tools.js#orderStatus` / `pkg/sub#name` read relative to the file).

const Name = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,51}$/, 'a name is a letter, then letters, digits, _ or - (at most 52)');
const ToolName = z.string().min(1);

/** The seed's snake_case spelling of a rail's keys, read as the harness's. */
const RAIL_KEYS: Record<string, string> = { on_error: 'onError', block_at: 'blockAt', timeout_ms: 'timeoutMs', min_overlap: 'minOverlap' };

/** A content rail as a blueprint writes it: `noSecrets`, `{rail: grounded, threshold: 0.7}`, `{judge: safety, on_error: block}`. */
export const BlueprintRail = z.preprocess(
  (value) => (value !== null && typeof value === 'object' && !Array.isArray(value) ? Object.fromEntries(Object.entries(value).map(([k, v]) => [RAIL_KEYS[k] ?? k, v])) : value),
  RailSpec,
);

/** A named guardrail set: what an agent must do to be done (the harness's `guardrails`). */
export const BlueprintGuardrails = z.strictObject({
  require_tools: z.array(ToolName).optional(),
  forbid_tools: z.array(ToolName).optional(),
  must_include: z.array(z.string().min(1)).optional(),
  no_placeholders: z.boolean().optional(),
  no_pii: z.boolean().optional(),
  max_cost_usd: z.number().nonnegative().optional(),
  on_violation: z.enum(['retry', 'fail', 'warn']).optional(),
  max_retries: z.number().int().min(0).max(10).optional(),
  /** Content rails on the task (seed 003 "Deterministic detectors", "LLM judges"). */
  input: z.array(BlueprintRail).optional(),
  /** Content rails on the answer. */
  output: z.array(BlueprintRail).optional(),
  redact_input: z.boolean().optional(),
});

export const BlueprintSubagent = z.strictObject({
  description: z.string().min(1),
  instructions: z.string().optional(),
  tools: z.array(ToolName),
  max_turns: z.number().int().positive().optional(),
});

export const BlueprintHandoff = z.union([
  Name,
  z.strictObject({ agent: Name, history: z.enum(['full', 'summary', 'none']).optional(), sticky: z.boolean().optional() }),
]);

/** What a version may change; whatever it does not say falls through to the agent. */
const agentFields = {
  description: z.string().min(1).optional(),
  instructions: z.string().optional(),
  tools: z.array(ToolName).optional(),
  subagents: z.array(Name).optional(),
  guardrails: z.union([Name, BlueprintGuardrails]).optional(),
  model: z.string().min(1).optional(),
  mode: GateMode.optional(),
  max_turns: z.number().int().positive().optional(),
};

export const BlueprintVersion = z.strictObject(agentFields);

export const BlueprintAgent = z.strictObject({
  ...agentFields,
  handoffs: z.array(BlueprintHandoff).optional(),
  versions: z.record(Name, BlueprintVersion).optional(),
});

export const BlueprintFile = z.strictObject({
  defaults: z.strictObject({ model: z.string().min(1).optional(), provider: z.string().min(1).optional(), mode: GateMode.optional(), max_turns: z.number().int().positive().optional() }).optional(),
  prompts: z.record(Name, z.string()).optional(),
  guardrails: z.record(Name, BlueprintGuardrails).optional(),
  subagents: z.record(Name, BlueprintSubagent).optional(),
  /** Skills that bundle tools (`<dir>/<skill>/SKILL.md` + `tools.mjs`): loaded only when named here, as `<skill>__<tool>`. */
  skills: z
    .strictObject({
      dir: z.string().min(1),
      /** Only these skills (default: every skill under `dir` with a tools module). */
      only: z.array(z.string().min(1)).optional(),
      /** Skills whose tools' results do not taint the run; every other skill's do. */
      trust: z.array(z.string().min(1)).optional(),
    })
    .optional(),
  /** Workflow files (paths relative to the blueprint) whose agent steps may name the blueprint's agents. */
  workflows: z.record(Name, z.string().min(1)).optional(),
  agents: z.record(Name, BlueprintAgent).refine((agents) => Object.keys(agents).length > 0, 'a blueprint declares at least one agent'),
});

export type BlueprintFile = z.infer<typeof BlueprintFile>;
export type BlueprintAgent = z.infer<typeof BlueprintAgent>;
export type BlueprintVersion = z.infer<typeof BlueprintVersion>;
export type BlueprintGuardrails = z.infer<typeof BlueprintGuardrails>;
