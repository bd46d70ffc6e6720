// OpenAI Agents JS with its Chat Completions model pointed at the fake server; tracing off.
import { Agent, OpenAIProvider, Runner, setTracingDisabled, tool } from '@openai/agents';
import { ADD_SCHEMA, API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  setTracingDisabled(true);
  const modelProvider = new OpenAIProvider({ baseURL: openaiBase(origin, toolSteps), apiKey: API_KEY, useResponses: false });
  const runner = new Runner({ modelProvider, tracingDisabled: true });
  let toolCalls = 0;
  const addTool = tool({
    name: 'add',
    description: 'Adds two numbers.',
    parameters: ADD_SCHEMA,
    strict: true,
    execute: async (args) => {
      toolCalls += 1;
      return add(args);
    },
  });
  const agent = new Agent({ name: 'adder', instructions: SYSTEM, model: MODEL, tools: [addTool] });
  return {
    async run() {
      toolCalls = 0;
      if (!stream) {
        const result = await runner.run(agent, TASK, { maxTurns: toolSteps + 5 });
        return { toolCalls, output: result.finalOutput };
      }
      const result = await runner.run(agent, TASK, { maxTurns: toolSteps + 5, stream: true });
      for await (const _event of result) {
        // drain every event, as a UI would
      }
      await result.completed;
      return { toolCalls, output: result.finalOutput };
    },
  };
}
