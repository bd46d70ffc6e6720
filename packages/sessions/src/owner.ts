import type { Owner } from '@warden/protocol';

/** True when `asked` names nothing the stored owner does not have (an absent field matches anything). */
export function ownerMatches(stored: Owner, asked: Owner | undefined): boolean {
  if (!asked) return true;
  if (asked.userId !== undefined && asked.userId !== stored.userId) return false;
  if (asked.tenantId !== undefined && asked.tenantId !== stored.tenantId) return false;
  return true;
}

/** A copy with only the defined fields, so it serialises the same way everywhere. */
export function cleanOwner(owner: Owner | undefined): Owner {
  const out: Owner = {};
  if (owner?.userId !== undefined) out.userId = owner.userId;
  if (owner?.tenantId !== undefined) out.tenantId = owner.tenantId;
  return out;
}
