import type { Owner } from '@warden/protocol';

/** A copy with only the defined fields, so it serialises the same way everywhere. */
export function cleanOwner(owner: Owner | undefined): Owner {
  const out: Owner = {};
  if (owner?.userId !== undefined) out.userId = owner.userId;
  if (owner?.tenantId !== undefined) out.tenantId = owner.tenantId;
  return out;
}
