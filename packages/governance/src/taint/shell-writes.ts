import type { ShellAnalysis } from '../shell/types.js';

function show(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/**
 * Why a tainted run's shell command needs a person for what it does to files, or undefined:
 * the analyzer could not decide part of it statically, or it changes (deletes, writes, truncates,
 * moves, re-modes) a file that is not one this run has already written — including every change
 * whose target is not one known file (a glob, a run-time path, `git checkout .`, `python -c`).
 * `touched` holds normalised workspace-relative paths (see `normalizedTouchedPaths`).
 */
export function shellWriteReason(analysis: ShellAnalysis | undefined, touched: ReadonlySet<string>): string | undefined {
  if (analysis === undefined) return 'the shell command cannot be analysed for what it changes';
  const unsure = analysis.findings.find((f) => f.kind === 'undecidable');
  if (unsure) return `the shell command cannot be decided statically (${unsure.reason})`;
  for (const write of analysis.writes) {
    if (write.path === undefined) return `${write.what} changes files that are not ones this run has already written`;
    if (!touched.has(write.path)) return `${write.what} changes ${show(write.path === '' ? 'the workspace root' : write.path)}, which this run has not written`;
  }
  return undefined;
}
