// Precomputed OpenAI Chat Completions bodies (JSON and SSE) for step k of a scripted
// tool-calling conversation. Bodies are built once per (k, final, stream) and cached by
// the caller, so the server only counts and writes.

const CREATED = 1700000000;
export const FINAL_TEXT = 'All additions are done.';

function usage(k: number): { prompt_tokens: number; completion_tokens: number; total_tokens: number } {
  return { prompt_tokens: 20 + 30 * k, completion_tokens: 12, total_tokens: 32 + 30 * k };
}

/** The arguments the model asks for at step k: add(k, 1). */
export function argsOf(k: number): string {
  return JSON.stringify({ a: k, b: 1 });
}

/** The tool the model calls: `add(k, 1)` by default, or a named tool with no arguments (the CLI bench). */
function callOf(k: number, toolName?: string): { name: string; arguments: string } {
  return toolName ? { name: toolName, arguments: '{}' } : { name: 'add', arguments: argsOf(k) };
}

export function openaiJson(k: number, final: boolean, toolName?: string): string {
  const message = final
    ? { role: 'assistant', content: FINAL_TEXT }
    : {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: `call_${k}`, type: 'function', function: callOf(k, toolName) }],
      };
  return JSON.stringify({
    id: `chatcmpl-${k}`,
    object: 'chat.completion',
    created: CREATED,
    model: 'bench-model',
    choices: [{ index: 0, message, logprobs: null, finish_reason: final ? 'stop' : 'tool_calls' }],
    usage: usage(k),
  });
}

function chunk(k: number, delta: Record<string, unknown>, finishReason: string | null): Record<string, unknown> {
  return {
    id: `chatcmpl-${k}`,
    object: 'chat.completion.chunk',
    created: CREATED,
    model: 'bench-model',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  };
}

export function openaiSse(k: number, final: boolean, toolName?: string): string {
  const events: Array<Record<string, unknown>> = [];
  if (final) {
    events.push(chunk(k, { role: 'assistant', content: '' }, null));
    for (const piece of ['All ', 'additions ', 'are ', 'done.']) events.push(chunk(k, { content: piece }, null));
    events.push(chunk(k, {}, 'stop'));
  } else {
    const call = callOf(k, toolName);
    events.push(chunk(k, { role: 'assistant', content: null, tool_calls: [{ index: 0, id: `call_${k}`, type: 'function', function: { name: call.name, arguments: '' } }] }, null));
    const args = call.arguments;
    const half = Math.floor(args.length / 2);
    events.push(chunk(k, { tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }, null));
    events.push(chunk(k, { tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }, null));
    events.push(chunk(k, {}, 'tool_calls'));
  }
  events.push({ id: `chatcmpl-${k}`, object: 'chat.completion.chunk', created: CREATED, model: 'bench-model', choices: [], usage: usage(k) });
  return events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join('') + 'data: [DONE]\n\n';
}
