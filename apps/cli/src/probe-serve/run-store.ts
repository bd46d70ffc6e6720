import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** A run id as `warden probe serve` hands them out and accepts them back: no path separators, no leading dot. */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export function isRunId(value: string): boolean {
  return RUN_ID.test(value) && !value.includes('..');
}

/** Where runs live: `<outDir>/<runId>/` with report.json (its evidence inside), report.md, junit.xml and report.html. */
export interface RunStore {
  readonly outDir: string;
  /** The stored report.json text, or undefined when there is none. Throws for an id that is not a run id. */
  readReport(runId: string): Promise<string | undefined>;
}

export function createRunStore(outDir: string): RunStore {
  const root = path.resolve(outDir);
  return {
    outDir: root,
    async readReport(runId) {
      if (!isRunId(runId)) throw new RangeError('not a run id');
      const file = path.join(root, runId, 'report.json');
      // Belt and braces: the id pattern already keeps the path inside the store.
      if (path.relative(root, file).startsWith('..')) throw new RangeError('not a run id');
      try {
        return await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT' || (error as NodeJS.ErrnoException).code === 'ENOTDIR') return undefined;
        throw error;
      }
    },
  };
}
