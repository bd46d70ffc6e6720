import { ProtocolError } from './errors/protocol-error.js';
import { SPECIFICATION_VERSION } from './version.js';

/**
 * Refuses an interface whose `specificationVersion` this release does not know,
 * with a typed error instead of a failure deep in a run.
 */
export function assertSpecificationVersion<T extends { specificationVersion?: unknown }>(value: T, kind: string): T {
  const version = value?.specificationVersion;
  if (version !== SPECIFICATION_VERSION) {
    throw new ProtocolError({
      code: 'protocol.unsupported_version',
      message: `${kind} has specificationVersion ${JSON.stringify(version)}; this release supports "${SPECIFICATION_VERSION}"`,
      hint: `Upgrade or downgrade the package that provides this ${kind} so both speak "${SPECIFICATION_VERSION}".`,
    });
  }
  return value;
}
