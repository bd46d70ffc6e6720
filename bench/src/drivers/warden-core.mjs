// Warden as a library, as its README shows it: @warden/core's loop over @warden/providers'
// OpenAI-compatible adapter (the real undici transport), with the tool made by `defineTool` from
// @warden/tools with a zod schema (read-only, so the default gate allows it).
import { createAgent } from '@warden/core';
import { openaiCompatible } from '@warden/providers';
import { defineTool } from '@warden/tools';
import { z } from 'zod';
import { API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  const provider = openaiCompatible({ baseURL: openaiBase(origin, toolSteps), model: MODEL, apiKey: API_KEY, local: true });
  const tools = [
    defineTool({
      name: 'add',
      description: 'Adds two numbers.',
      input: z.object({ a: z.number(), b: z.number() }),
      annotations: { readOnly: true },
      execute: (args) => add(args),
    }),
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
