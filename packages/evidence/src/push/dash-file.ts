import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { EvidenceError } from '../errors/evidence-error.js';
import { evidenceError } from '../errors/coded-errors.js';

/** A dashboard file: where to push, and with which token (inline or from an environment variable). */
export const DashFile = z
  .object({
    url: z.string().url(),
    token: z.string().min(1).optional(),
    token_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/).optional(),
    timeout_s: z.number().positive().max(600).default(30),
  })
  .strict()
  .refine((value) => (value.token === undefined) !== (value.token_env === undefined), { message: 'exactly one of token and token_env is required', path: ['token'] });
export type DashFile = z.output<typeof DashFile>;

export interface DashTarget {
  url: URL;
  token: string;
  timeoutMs: number;
}

function invalid(message: string, cause?: unknown): EvidenceError {
  return evidenceError({ code: 'evidence.invalid_dash_file', message, hint: 'A dash file looks like { "url": "https://dash.example/api/runs", "token_env": "WARDEN_DASH_TOKEN" } (or "token": "…").', cause });
}

/** Reads a dash file. Error messages never include the token. */
export async function readDashFile(file: string, env: Readonly<Record<string, string | undefined>>): Promise<DashTarget> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw invalid('The dash file cannot be read as JSON.', error instanceof SyntaxError ? undefined : error);
  }
  const parsed = DashFile.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw invalid(`The dash file is invalid at "${issue?.path.join('.') || '(root)'}": ${issue?.code === 'unrecognized_keys' ? 'unknown key' : 'invalid value'}.`);
  }
  const token = parsed.data.token ?? env[parsed.data.token_env ?? ''];
  if (token === undefined || token === '') throw invalid(`The environment variable ${parsed.data.token_env ?? ''} named by token_env is not set.`);
  return { url: new URL(parsed.data.url), token, timeoutMs: parsed.data.timeout_s * 1000 };
}
