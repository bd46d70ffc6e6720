/** Stable codes of `SealError`; pinned by a table test. */
export const SEAL_ERROR_CODES = {
  'seal.key_missing': 'A record holds a sealed value (a pending approval\'s arguments) and no seal key was given (WARDEN_SEAL_KEY or WARDEN_SEAL_KEY_FILE).',
  'seal.key_invalid': 'The seal key is too short (fewer than 32 bytes) or its file cannot be read.',
  'seal.open_failed': 'A sealed value does not open with this key (another key, or the record was changed).',
} as const;
export type SealErrorCode = keyof typeof SEAL_ERROR_CODES;
