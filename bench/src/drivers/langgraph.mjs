// LangChain/LangGraph: the prebuilt createReactAgent over ChatOpenAI pointed at the fake server.
import { tool } from '@langchain/core/tools';
import { createReactAgent } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI } from '@langchain/openai';
import { z } from 'zod';
import { API_KEY, MODEL, SYSTEM, TASK, add, openaiBase } from './task.mjs';

export async function create({ origin, toolSteps, stream }) {
  const llm = new ChatOpenAI({ model: MODEL, apiKey: API_KEY, configuration: { baseURL: openaiBase(origin, toolSteps) }, streaming: stream, maxRetries: 0 });
  let toolCalls = 0;
  const addTool = tool(
    async (args) => {
      toolCalls += 1;
      return add(args);
    },
    { name: 'add', description: 'Adds two numbers.', schema: z.object({ a: z.number(), b: z.number() }) },
  );
  const agent = createReactAgent({ llm, tools: [addTool], prompt: SYSTEM });
  const config = { recursionLimit: 2 * toolSteps + 10 };
  return {
    async run() {
      toolCalls = 0;
      if (!stream) {
        const result = await agent.invoke({ messages: [{ role: 'user', content: TASK }] }, config);
        return { toolCalls, output: String(result.messages.at(-1).content) };
      }
      let output = '';
      const events = await agent.stream({ messages: [{ role: 'user', content: TASK }] }, { ...config, streamMode: 'messages' });
      for await (const [message] of events) {
        if (message.getType?.() === 'ai' && typeof message.content === 'string') output += message.content;
      }
      return { toolCalls, output };
    },
  };
}
