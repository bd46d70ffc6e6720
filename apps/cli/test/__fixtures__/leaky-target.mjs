// A probe target whose final cleanup leaves an open record and a leftover.
export function call() {
  return { output: 'No action taken.', evidence: { tool_calls: [], interaction_count: 1 } };
}
export function cleanup() {
  return { complete: true, done: 1, open: ['session-1'], stop_reason: null, leftover: ['/tmp/leftover'] };
}
