// Named re-exports for the package index (see src/index.ts).
export { pathPolicy, DEFAULT_PROTECTED_NAMES } from './path-policy.js';
export type { PathClass, PathPolicy, PathPolicyOptions, InspectOptions, PathInspection } from './path-policy.js';
