import { toolSpecOf, type CallOptions, type JsonObject, type Plan, type ProviderV1, type ToolSpec, type ToolV1 } from '@warden/protocol';
import { Plan as PlanSchema } from '@warden/protocol/schemas';
import type { PriorModelCall } from '@warden/core';

/** The tool the planner answers with (its arguments are the plan). */
export const SUBMIT_PLAN_TOOL = 'submit_plan';

const PLANNER_SYSTEM = [
  'You are planning a task before doing it. Write the complete plan now: every tool call the task needs, in order.',
  `Answer only by calling ${SUBMIT_PLAN_TOOL} with { "steps": [ { "id", "tool", "parameters", "outputs"?, "depends_on"? } ] }.`,
  'Use only the tools listed below, with parameters their schemas accept.',
  'Where a value is only known once an earlier step has run (text read from a file, a search result), write "{{output}}" and name that output in the earlier step\'s "outputs".',
  'Paths, commands and hosts must be written out literally: a step whose path, command or host is a reference is not covered by the plan.',
  'Never put a secret (a key, a token, a password) in a parameter.',
].join('\n');

/** The plan's JSON Schema as the model sees it (the zod schema checks the answer). */
const PLAN_JSON_SCHEMA: JsonObject = {
  type: 'object',
  properties: {
    steps: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: { type: 'string', minLength: 1 },
          tool: { type: 'string', minLength: 1 },
          parameters: { type: 'object' },
          outputs: { type: 'array', items: { type: 'string', minLength: 1 } },
          depends_on: { type: 'array', items: { type: 'string', minLength: 1 } },
          description: { type: 'string' },
        },
        required: ['id', 'tool', 'parameters'],
      },
    },
  },
  required: ['steps'],
};

function submitPlanSpec(): ToolSpec {
  return { name: SUBMIT_PLAN_TOOL, description: 'Submit the execution plan for the task.', inputSchema: PLAN_JSON_SCHEMA };
}

/**
 * What the planner sees of a tool: its name and input schema, and its description only when the
 * tool is trusted (an untrusted MCP server's descriptions are untrusted content, and the plan must
 * be written before any).
 */
function describeTools(tools: readonly ToolV1[], trusted: (name: string) => boolean): string {
  return tools
    .map((tool) => {
      const spec = toolSpecOf(tool);
      return `- ${spec.name}${trusted(spec.name) ? `: ${spec.description}` : ''}\n  input: ${JSON.stringify(spec.inputSchema)}`;
    })
    .join('\n');
}

/** The planner call's spend (counted in the run's usage and budget, like a step's) and what it produced. */
export type PlanRequestResult = ({ ok: true; plan: Plan } | { ok: false; reason: string }) & { call: PriorModelCall };

/**
 * Asks the model for a plan in one tool-forced call that holds only trusted content: the planner
 * instructions, the tools' names and schemas (descriptions of trusted tools), and the user's task.
 * No project memory, skills or tool output is in it. A reply that is not a `submit_plan` call with
 * a plan is `ok: false` (the run then goes on under the normal rules).
 */
export async function requestPlan(provider: ProviderV1, input: { task: string; tools: readonly ToolV1[]; trusted: (name: string) => boolean }, options: CallOptions = {}): Promise<PlanRequestResult> {
  const response = await provider.complete(
    {
      messages: [
        { role: 'system', parts: [{ type: 'text', text: `${PLANNER_SYSTEM}\n\nTools:\n${describeTools(input.tools, input.trusted)}` }] },
        { role: 'user', parts: [{ type: 'text', text: input.task }] },
      ],
      tools: [submitPlanSpec()],
      toolChoice: { name: SUBMIT_PLAN_TOOL },
    },
    options,
  );
  const spent: PriorModelCall = { source: 'plan', provider: response.provider, model: response.model, usage: response.usage, ...(response.costUsd !== undefined ? { costUsd: response.costUsd } : {}) };
  const submitted = response.message.parts.find((p) => p.type === 'tool_call' && p.name === SUBMIT_PLAN_TOOL);
  if (!submitted || submitted.type !== 'tool_call') return { ok: false, reason: `the model did not call ${SUBMIT_PLAN_TOOL}`, call: spent };
  const parsed = PlanSchema.safeParse(submitted.args);
  if (!parsed.success) return { ok: false, reason: `the plan is not a plan: ${parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`, call: spent };
  return { ok: true, plan: parsed.data, call: spent };
}
