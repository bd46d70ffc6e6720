// Vercel AI SDK: generateText / streamText tool loop over @ai-sdk/openai's Chat Completions model.
import { createOpenAI } from '@ai-sdk/openai';
import { generateText, jsonSchema, stepCountIs, streamText, tool } from 'ai';
import { ADD_SCHEMA, API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  const openai = createOpenAI({ baseURL: openaiBase(origin, toolSteps), apiKey: API_KEY });
  const model = openai.chat(MODEL);
  let toolCalls = 0;
  const tools = {
    add: tool({
      description: 'Adds two numbers.',
      inputSchema: jsonSchema(ADD_SCHEMA),
      execute: async (args) => {
        toolCalls += 1;
        return add(args);
      },
    }),
  };
  const options = { model, system: SYSTEM, prompt: TASK, tools, stopWhen: stepCountIs(toolSteps + 5) };
  return {
    async run() {
      toolCalls = 0;
      if (!stream) {
        const result = await generateText(options);
        return { toolCalls, output: result.text };
      }
      const result = streamText(options);
      let output = '';
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') output += part.text;
        if (part.type === 'error') throw part.error;
      }
      return { toolCalls, output };
    },
  };
}
