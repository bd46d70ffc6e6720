// The task every driver performs: one tool add(a, b), T tool steps, then a final text.
export const SYSTEM = 'You add numbers. Use the add tool for every addition.';
export const TASK = 'Add the numbers step by step, then say you are done.';
export const MODEL = 'bench-model';
export const API_KEY = 'sk-bench-not-a-real-key';

export const ADD_SCHEMA = {
  type: 'object',
  properties: { a: { type: 'number' }, b: { type: 'number' } },
  required: ['a', 'b'],
  additionalProperties: false,
};

export function add({ a, b }) {
  return String(a + b);
}

/** The OpenAI base URL of the fake server for a run with `toolSteps` tool calls. */
export function openaiBase(origin, toolSteps) {
  return `${origin}/s/${toolSteps}/v1`;
}
