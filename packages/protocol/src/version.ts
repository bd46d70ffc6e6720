/**
 * The version of the contracts in this package. A change that breaks a contract
 * (a removed field, a narrowed type, a new required member) bumps the major and
 * ships as a major changeset; see VERSIONING.md at the repository root.
 */
export const PROTOCOL_VERSION = '1.0.0';

/** The literal tag every versioned interface of this major carries. */
export const SPECIFICATION_VERSION = 'v1' as const;
export type SpecificationVersion = typeof SPECIFICATION_VERSION;
