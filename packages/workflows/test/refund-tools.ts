import { INTERFACE_VERSIONS, type JsonObject, type ToolOutput, type ToolV1 } from '@warden/protocol';
import type { WorkflowAgent } from '../src/index.js';

/** A tool for tests that records every call it runs. */
export function recordingTool(name: string, answer: (args: JsonObject) => ToolOutput, annotations: ToolV1['annotations'] = { readOnly: true }) {
  const calls: JsonObject[] = [];
  const tool: ToolV1 = {
    specificationVersion: INTERFACE_VERSIONS.tool,
    name,
    description: name,
    inputSchema: { type: 'object' },
    ...(annotations ? { annotations } : {}),
    execute: (args) => {
      calls.push(args);
      return answer(args);
    },
  };
  return { tool, calls };
}

/** The refund desk's three tools; `issue_refund` fails `flaky` times first (retry: 2 in the file). */
export function refundTools(flaky = 0) {
  let failures = flaky;
  const findCharges = recordingTool('find_charges', (args) => JSON.stringify({ order: args.order, amount: 40 }));
  const profile = recordingTool('customer_profile', (args) => JSON.stringify({ customer: args.customer, tier: 'gold' }));
  const refund = recordingTool(
    'issue_refund',
    (args) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('payment service busy');
      }
      return `refunded ${String(args.order)}`;
    },
    { mutating: true },
  );
  return { tools: [findCharges.tool, profile.tool, refund.tool], findCharges, profile, refund };
}

/** Scripted agents: each answers from its own list, in order. */
export function scriptedAgents(scripts: Record<string, string[]>) {
  const inputs: Record<string, string[]> = {};
  const agents: Record<string, WorkflowAgent> = {};
  for (const [name, answers] of Object.entries(scripts)) {
    inputs[name] = [];
    agents[name] = async ({ input }) => {
      inputs[name]!.push(input);
      const text = answers.shift();
      if (text === undefined) throw new Error(`agent ${name} has no more answers`);
      return { text, costUsd: 0.01 };
    };
  }
  return { agents, inputs };
}
