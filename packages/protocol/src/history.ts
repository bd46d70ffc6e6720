// `@warden/protocol/history`: explicit named re-exports only; adding a name here makes it public API.
export { historyFromRecords, INTERRUPTED_RESULT_TEXT } from './session-history.js';
