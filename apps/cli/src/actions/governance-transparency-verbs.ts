/** The `warden governance` verbs `governance-transparency-action.ts` answers (kept apart so the main action loads it only when needed). */
export const TRANSPARENCY_VERBS = ['incidents', 'notice', 'inventory', 'dpia', 'verify'] as const;
