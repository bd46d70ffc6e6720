import { configError } from './tool-error-codes.js';
import { ConfigError } from '@warden/protocol';
import { unknownOptionError } from '@warden/protocol/checks';
import type { z } from 'zod';
import { formatIssues } from './format-issues.js';

/**
 * The ConfigError for options a strict zod schema refused. Unknown top-level keys get the
 * protocol's message with "did you mean", like every other factory's; the rest names the field.
 */
export function optionsError(factory: string, schema: z.ZodObject, error: z.ZodError, hint: string): ConfigError {
  const unknown = error.issues.find((issue) => issue.code === 'unrecognized_keys' && issue.path.length === 0);
  if (unknown?.code === 'unrecognized_keys') return unknownOptionError(factory, unknown.keys, Object.keys(schema.shape));
  const nested = error.issues.some((issue) => issue.code === 'unrecognized_keys');
  return configError({ code: nested ? 'config.unknown_key' : 'config.invalid', message: `${factory} options: ${formatIssues(error.issues)}`, hint });
}
