/**
 * Media types of a `Handoff` and its receipt when they travel as data parts (an A2A message part's
 * `mediaType`). Stable: a receiver recognizes a handoff by this type, never by the part's shape.
 */
export const HANDOFF_MEDIA_TYPE = 'application/vnd.warden.handoff+json';
export const HANDOFF_RECEIPT_MEDIA_TYPE = 'application/vnd.warden.handoff-receipt+json';
