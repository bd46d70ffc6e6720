import type { z } from 'zod';

function fieldName(path: ReadonlyArray<PropertyKey>): string {
  if (path.length === 0) return '(arguments)';
  return path
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
}

/**
 * Turns zod issues into one line per wrong field, naming the field, so the
 * model can fix exactly that argument: `path: expected string, received number`.
 */
export function formatIssues(issues: ReadonlyArray<z.core.$ZodIssue>): string {
  const lines = issues.map((issue) => {
    if (issue.code === 'unrecognized_keys') {
      const keys = issue.keys.map((k) => `\`${k}\``).join(', ');
      const where = issue.path.length === 0 ? '' : ` in ${fieldName(issue.path)}`;
      return `unknown field${issue.keys.length > 1 ? 's' : ''} ${keys}${where}: remove ${issue.keys.length > 1 ? 'them' : 'it'}`;
    }
    const message = issue.message.replace(/^Invalid input: /, '');
    return `${fieldName(issue.path)}: ${message}`;
  });
  return lines.join('; ');
}
