// Explicit named re-exports only: adding a name here makes it public API.
export { createHarness } from './harness/create-harness.js';
export type { Harness } from './harness/create-harness.js';
export type { HarnessOptions, HarnessMode } from './harness/harness-options.js';
export { buildSystemPrompt } from './harness/system-prompt.js';
export type { SystemPromptInput } from './harness/system-prompt.js';
export { main } from './cli/main.js';
export type { MainHooks } from './cli/main.js';
export type { CliIo, CliOutput } from './cli/io.js';
export { CliError, CLI_ERROR_CODES } from './cli/cli-error.js';
export type { CliErrorCode } from './cli/cli-error.js';
export { EXIT, exitCodeForError, exitCodeForStop } from './cli/exit-codes.js';
