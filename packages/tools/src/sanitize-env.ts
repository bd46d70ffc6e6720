import { loadPicomatch } from './cjs-deps.js';

/** Variable names containing one of these (any case) never reach a subprocess. */
export const SECRET_ENV_MARKERS: readonly string[] = ['KEY', 'TOKEN', 'SECRET', 'PASSWORD', 'PASSWD', 'CREDENTIAL', 'PRIVATE'];

/**
 * A copy of `env` without secret-named variables: any name containing KEY,
 * TOKEN, SECRET, PASSWORD, PASSWD, CREDENTIAL or PRIVATE (case-insensitive),
 * plus the caller's extra names (exact, or `*` globs such as `AWS_*`).
 */
export function sanitizeEnv(env: Readonly<Record<string, string | undefined>>, extraNames: readonly string[] = []): Record<string, string> {
  const extra = extraNames.length === 0 ? () => false : loadPicomatch()([...extraNames], { nocase: true, dot: true });
  const clean: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    const upper = name.toUpperCase();
    if (SECRET_ENV_MARKERS.some((marker) => upper.includes(marker))) continue;
    if (extra(name)) continue;
    clean[name] = value;
  }
  return clean;
}
