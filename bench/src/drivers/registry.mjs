// The drivers of the loop benchmark, in the order the runner interleaves them.
// `pkg` names the package whose installed version is reported.
export const LOOP_DRIVERS = [
  { id: 'bare-undici', framework: 'bare undici.request', pkg: 'undici', module: './bare-undici.mjs', reference: true },
  { id: 'bare-node-http', framework: 'bare node:http', pkg: 'node', module: './bare-node-http.mjs' },
  { id: 'bare-fetch', framework: 'bare fetch', pkg: 'node', module: './bare-fetch.mjs' },
  { id: 'bare-undici-floor', framework: 'bare undici.request + 2 fdatasyncs per tool step (the durable floor)', pkg: 'undici', module: './bare-undici-floor.mjs' },
  { id: 'warden', framework: 'Warden (core + providers)', pkg: '@warden/core', module: './warden-core.mjs' },
  { id: 'warden-harness', framework: 'Warden full harness (gate, redaction, scope, JSONL session, audit)', pkg: '@warden/harness', module: './warden-harness.mjs' },
  { id: 'warden-harness-batch', framework: "Warden full harness, sessions fsync 'batch' (group-committed every 50 ms)", pkg: '@warden/harness', module: './warden-harness.mjs?fsync=batch' },
  { id: 'warden-harness-traced', framework: 'Warden full harness, OpenTelemetry tracing on (spans created, no exporter)', pkg: '@warden/harness', module: './warden-harness.mjs?tracing=on' },
  { id: 'ai-sdk', framework: 'Vercel AI SDK', pkg: 'ai', module: './ai-sdk.mjs' },
  { id: 'openai-agents', framework: 'OpenAI Agents JS', pkg: '@openai/agents', module: './openai-agents.mjs' },
  { id: 'langgraph', framework: 'LangGraph createReactAgent', pkg: '@langchain/langgraph', module: './langgraph.mjs' },
];

export function driverById(id) {
  const driver = LOOP_DRIVERS.find((d) => d.id === id);
  if (!driver) throw new Error(`unknown driver ${id}; known: ${LOOP_DRIVERS.map((d) => d.id).join(', ')}`);
  return driver;
}
