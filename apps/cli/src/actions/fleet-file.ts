import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { GATE_MODES } from '@warden/protocol/vocabulary';
import { CliError } from '../cli/cli-error.js';

export const FleetJob = z.strictObject({
  name: z.string().min(1),
  workdir: z.string().min(1),
  task: z.string().min(1),
  mode: z.enum(GATE_MODES).optional(),
  model: z.string().min(1).optional(),
});
export type FleetJob = z.infer<typeof FleetJob>;

export const FleetFile = z.strictObject({ jobs: z.array(FleetJob).min(1) });

function invalid(file: string, reason: string, cause?: unknown): CliError {
  return new CliError({ code: 'cli.invalid_file', message: `cannot use ${file}: ${reason}`, key: 'error.invalidFile', params: { file, reason }, cause });
}

/** Reads and validates a fleet file; job workdirs are relative to the file. Names must be unique. */
export function readFleetFile(file: string, cwd: string): FleetJob[] {
  const full = path.resolve(cwd, file);
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(full, 'utf8'));
  } catch (error) {
    throw invalid(file, error instanceof SyntaxError ? 'not valid JSON' : 'cannot be read', error);
  }
  const parsed = FleetFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.join('.') || '(root)';
    const what = issue.code === 'unrecognized_keys' ? `unknown key "${[...issue.path, issue.keys[0]].join('.')}"` : `${where}: ${issue.message}`;
    throw invalid(file, what);
  }
  const seen = new Set<string>();
  for (const job of parsed.data.jobs) {
    if (seen.has(job.name)) throw invalid(file, `two jobs are named "${job.name}"`);
    seen.add(job.name);
  }
  return parsed.data.jobs.map((job) => ({ ...job, workdir: path.resolve(path.dirname(full), job.workdir) }));
}
