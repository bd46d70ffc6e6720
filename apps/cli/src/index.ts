// Explicit named re-exports only: adding a name here makes it public API.
// The CLI exports only what embeds the command itself; the composition is `@warden/harness`.
export { main } from './cli/main.js';
export type { MainHooks } from './cli/main.js';
export type { CliIo, CliOutput } from './cli/io.js';
export { CliError, CLI_ERROR_CODES } from './cli/cli-error.js';
export type { CliErrorCode } from './cli/cli-error.js';
export { EXIT, exitCodeForError, exitCodeForStop } from './cli/exit-codes.js';
