// `@warden/providers/record-replay`: explicit named re-exports only; adding a name here makes it public API.
export { recording } from './record-replay/recording.js';
export { replay } from './record-replay/replay.js';
export type { ReplayOptions } from './record-replay/replay.js';
export type { RecordedExchange } from './record-replay/recording-format.js';
