// `@warden/protocol/policy`: explicit named re-exports only; adding a name here makes it public API.
export { ownerMatches } from './owner-matches.js';
export { stricterEffect } from './decision-effect.js';
export { approvalDigest, canonicalJson } from './approval-digest.js';
export { TAINT_RULE, requiresPerson } from './requires-person.js';
export { PATH_ARGUMENT_NAMES, pathArguments } from './path-arguments.js';
export { TAINT_NOTES, type TaintNote } from './taint-notes.js';
