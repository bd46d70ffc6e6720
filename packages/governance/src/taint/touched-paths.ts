import type { PathPolicy } from '@warden/shell-policy';

/**
 * The files a run has written, as workspace-relative paths after the path policy's normalisation.
 * Core records the path arguments the model gave (`squares.js`, `./src/a.ts`, `sub/../a.txt`, or
 * an absolute path inside the workspace), so they go through the same `inspect` as every target
 * they are compared with. Entries outside the workspace are dropped: they can never match.
 */
export function normalizedTouchedPaths(touched: Iterable<string> | undefined, paths: PathPolicy): Set<string> {
  const out = new Set<string>();
  for (const entry of touched ?? []) {
    if (typeof entry !== 'string' || entry.length === 0 || entry.includes('\0')) continue;
    const inspection = paths.inspect(entry, { glob: false });
    if (inspection.class !== 'outside' && inspection.relative !== undefined && inspection.relative !== '') out.add(inspection.relative);
  }
  return out;
}
