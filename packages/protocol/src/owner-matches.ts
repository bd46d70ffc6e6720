import type { Owner } from './approval.js';

/**
 * True when `asked` names nothing the stored owner does not have (an absent field matches
 * anything). The one owner rule every session and approval store applies when loading or listing.
 */
export function ownerMatches(stored: Owner, asked: Owner | undefined): boolean {
  if (!asked) return true;
  if (asked.userId !== undefined && asked.userId !== stored.userId) return false;
  if (asked.tenantId !== undefined && asked.tenantId !== stored.tenantId) return false;
  return true;
}
