import { protocolError } from './errors/coded-errors.js';
import { INTERFACE_VERSIONS, SPECIFICATION_VERSION, type VersionedInterface } from './version.js';

/**
 * Refuses an interface whose `specificationVersion` this release does not know,
 * with a typed error instead of a failure deep in a run. `label` names the value in the
 * message (`tool "grep"`); `kind` picks the interface whose own version applies.
 */
export function assertSpecificationVersion<T extends { specificationVersion?: unknown }>(value: T, label: string, kind?: VersionedInterface): T {
  const expected = kind === undefined ? SPECIFICATION_VERSION : INTERFACE_VERSIONS[kind];
  const version = value?.specificationVersion;
  if (version !== expected) {
    throw protocolError({
      code: 'protocol.unsupported_version',
      message: `${label} has specificationVersion ${JSON.stringify(version)}; this release supports "${expected}"`,
      hint: `Upgrade or downgrade the package that provides this ${label} so both speak "${expected}".`,
    });
  }
  return value;
}
