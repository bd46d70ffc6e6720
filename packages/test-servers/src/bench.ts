// The bench's entry (`@warden/test-servers/bench`): its stateless scripted server and the bodies
// it answers with, built to JS because the bench runs plain node scripts.
export { createBenchServer, startBenchServer } from './bench/server.js';
export type { BenchServerOptions, BenchTarget } from './bench/server.js';
export { FINAL_TEXT, argsOf, openaiJson, openaiSse } from './bench/openai-bodies.js';
export { anthropicJson, anthropicSse, geminiJson, geminiSse } from './bench/vendor-bodies.js';
