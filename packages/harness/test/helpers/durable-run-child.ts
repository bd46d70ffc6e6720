// A child process for the strace test: one `warden run`-like run of the full harness with its durable
// defaults (JSONL session, audit trail) against the step server at `baseURL`, iterating
// `agent.stream()`; prints the tool results it saw and how the run ended, as JSON, on stdout.
import type { ToolV1 } from '@warden/protocol';
import { openaiCompatible } from '@warden/providers';
import { createHarness } from '../../src/index.js';

const [baseURL, workdir, steps, streaming] = process.argv.slice(2) as [string, string, string, string];

const add: ToolV1 = {
  specificationVersion: 'v1',
  name: 'add',
  description: 'Adds two numbers.',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'], additionalProperties: false },
  annotations: { readOnly: true },
  execute: (args) => ({ content: [{ type: 'text', text: String(Number(args.a) + Number(args.b)) }] }),
};

const provider = openaiCompatible({ baseURL, model: 'fake', apiKey: 'sk-test-not-a-real-key-000000', local: true });
const harness = await createHarness({ workdir, provider, tools: [add], maxTurns: Number(steps) + 5, streaming: streaming === 'streamed', env: {} });
let tools = 0;
let stopReason: string | undefined;
let output: string | undefined;
for await (const event of harness.agent.stream('add the numbers')) {
  if (event.type === 'tool_result') tools += 1;
  if (event.type === 'run_end') {
    stopReason = event.stopReason;
    output = event.output;
  }
}
await harness.close();
process.stdout.write(`${JSON.stringify({ tools, stopReason, output, auditFile: harness.auditFile })}\n`);
