// Warden as a library: @warden/core's loop over @warden/providers' OpenAI-compatible
// adapter (the real undici transport), one read-only tool so the default gate allows it.
import { createAgent } from '@warden/core';
import { openaiCompatible } from '@warden/providers';
import { ADD_SCHEMA, API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  const provider = openaiCompatible({ baseURL: openaiBase(origin, toolSteps), model: MODEL, apiKey: API_KEY, local: true });
  const tools = [
    {
      specificationVersion: 'v1',
      name: 'add',
      description: 'Adds two numbers.',
      inputSchema: ADD_SCHEMA,
      annotations: { readOnly: true },
      execute: (args) => add(args),
    },
  ];
  const agent = createAgent({ provider, tools, system: SYSTEM, maxTurns: toolSteps + 5, streaming: stream, compaction: false });
  return {
    async run() {
      const result = await agent.run(TASK);
      if (result.stopReason !== 'done') throw new Error(`warden run ended with ${result.stopReason}: ${result.error?.code ?? ''} ${result.error?.message ?? ''}`);
      return { toolCalls: result.toolCalls.length, output: result.output };
    },
  };
}
