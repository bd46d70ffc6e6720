/**
 * The version of the contracts in this package. A change that breaks a contract
 * (a removed field, a narrowed type, a new required member) bumps the major and
 * ships as a major changeset; see VERSIONING.md at the repository root.
 */
export const PROTOCOL_VERSION = '1.0.0';

/** The tag the interfaces of this release carry unless their own entry below says otherwise. */
export const SPECIFICATION_VERSION = 'v1' as const;
export type SpecificationVersion = typeof SPECIFICATION_VERSION;

/**
 * Each interface's own version. They move independently: a `ProviderV2` can ship while
 * `ToolV1` stays, and a plugin is refused only for the interface it got wrong. The contract
 * is the versioned name (`ProviderV1`); the short aliases (`Provider`) follow the newest.
 */
export const INTERFACE_VERSIONS = {
  provider: 'v1',
  tool: 'v1',
  gate: 'v1',
  sessionStore: 'v1',
  approver: 'v1',
  approvalStore: 'v1',
} as const;
export type VersionedInterface = keyof typeof INTERFACE_VERSIONS;
