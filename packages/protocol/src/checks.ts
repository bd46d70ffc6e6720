// `@warden/protocol/checks`: explicit named re-exports only; adding a name here makes it public API.
export { findJsonViolation } from './json-check.js';
export { fastMessageCheck } from './message-fast-check.js';
export { fastToolSpecCheck, fastRequestOptionsCheck } from './request-fast-check.js';
export { parseDuration } from './duration.js';
export { TOOL_NAME_PATTERN } from './tool-name.js';
export { schemaProblems } from './json-schema-check.js';
export { didYouMean, editDistance } from './options/did-you-mean.js';
export { strictOptions, unknownOptionError } from './options/strict-options.js';
