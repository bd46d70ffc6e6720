// A probe target for the CLI's `warden probe run` test: an "agent" that refuses and calls no tool.
export async function call(prompt) {
  return { output: `I will not do that: ${prompt}`, evidence: { tool_calls: [] } };
}

export async function close() {}
