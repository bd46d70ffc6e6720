import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { EvidenceError } from '../errors/evidence-error.js';
import { createModuleTarget, type ModuleTarget } from './module-target.js';

const FunctionRef = z.string().regex(/^[^:\s][^\n]*:[A-Za-z_$][A-Za-z0-9_$]*$/, 'must be "module:function" or "path/to/file.mjs:function"');

/** A probe target file. Strict: unknown keys are errors. */
export const TargetFile = z
  .object({
    kind: z.literal('module'),
    entry: FunctionRef,
    cleanup: FunctionRef.optional(),
    close: FunctionRef.optional(),
    timeout_s: z.number().positive().max(86_400).default(300),
  })
  .strict();
export type TargetFile = z.output<typeof TargetFile>;

function invalid(message: string, cause?: unknown): EvidenceError {
  return new EvidenceError({ code: 'evidence.invalid_target', message, hint: 'A target file looks like { "kind": "module", "entry": "agent.mjs:call", "cleanup": "agent.mjs:cleanup", "close": "agent.mjs:close", "timeout_s": 300 }.', cause });
}

/** Parses target file JSON; relative paths in it are relative to `file`. Nothing is imported yet. */
export function parseTargetFile(value: unknown, file: string): ModuleTarget {
  const parsed = TargetFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`Target file ${path.basename(file)}: ${issue?.path.join('.') || '(root)'} ${issue?.message ?? 'is invalid'}.`);
  }
  return createModuleTarget(parsed.data, { baseDir: path.dirname(path.resolve(file)), name: path.basename(file) });
}

/** Reads and validates a target file. Functions load lazily, on first use. */
export async function loadTargetFile(file: string): Promise<ModuleTarget> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw invalid(`Target file ${path.basename(file)} cannot be read.`, error);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw invalid(`Target file ${path.basename(file)} is not JSON.`, error);
  }
  return parseTargetFile(value, file);
}
