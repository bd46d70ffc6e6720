// `@warden/protocol/handoff`: explicit named re-exports only; adding a name here makes it public API.
export { HANDOFF_LIMITS, HANDOFF_VERSION } from './handoff-limits.js';
export { handoffReceipt } from './handoff-receipt.js';
export { HANDOFF_REFUSALS, type HandoffRefusal } from './handoff-refusals.js';
export { HANDOFF_MEDIA_TYPE, HANDOFF_RECEIPT_MEDIA_TYPE } from './handoff-media.js';
