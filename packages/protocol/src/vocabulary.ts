// `@warden/protocol/vocabulary`: the small facts several libraries must agree on, with one owner.
// Pure: no zod, no I/O at import, only Node built-ins. Explicit named re-exports only.
export { PROTECTED_PATHS, protectedNames, protectedNameTest, foldSegment, canonicalName, isLookAlikeTraversal } from './vocabulary/protected-paths.js';
export type { ProtectedPath } from './vocabulary/protected-paths.js';
export { globRegExp, hasGlob } from './vocabulary/glob.js';
export type { GlobOptions } from './vocabulary/glob.js';
export { loadOptionalPeer, installCommand, isMissingModule } from './vocabulary/optional-peer.js';
export type { ModuleImporter } from './vocabulary/optional-peer.js';
export { terminalSafe } from './vocabulary/terminal-safe.js';
export { PRIVATE_IPV4_RANGES, PRIVATE_IPV6_RANGES, METADATA_HOST_NAMES, isPrivateAddress } from './vocabulary/private-addresses.js';
export { SESSION_META_KEYS, SAFE_ID_PATTERN, isSafeId, newRecordId } from './vocabulary/session-records.js';
export type { SessionMetaKey } from './vocabulary/session-records.js';
export { GATE_MODES, isGateMode, stricterMode } from './gate-modes.js';
export type { GateMode } from './gate-mode.js';
export { EFFECT_CLASSES, EFFECT_CLASS_ORDER, CHANGE_APPROVALS, isEffectClass, strictestEffectClass } from './effect-classes.js';
export type { EffectClass, ChangeApproval } from './effect-classes.js';
