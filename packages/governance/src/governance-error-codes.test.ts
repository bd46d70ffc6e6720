import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOVERNANCE_ERROR_CODES } from './governance-error-codes.js';

/** Redaction and guardrails pin their codes in their own tests (test/hook-error-codes.test.ts); the shell codes are thrown by @warden/shell-policy; this scan covers the rest of the package. */
const OTHER_OWNERS = new Set(['redaction', 'guardrails']);

function sourceFiles(dir: string, top = true): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (top && OTHER_OWNERS.has(name)) return [];
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path, false);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(GOVERNANCE_ERROR_CODES).sort()).toEqual([
      'config.invalid',
      'config.unknown_key',
      'policy.approval_closed',
      'policy.approval_expired',
      'policy.approval_invalid',
      'policy.approval_not_found',
      'policy.audit_corrupt',
      'policy.example_failed',
      'policy.guardrail_violation',
      'policy.invalid',
      'policy.self_approval',
      'policy.shell_analyzer_disposed',
      'policy.shell_parser_unavailable',
    ]);
    for (const text of Object.values(GOVERNANCE_ERROR_CODES)) expect(text.length).toBeGreaterThan(10);
  });

  it('lists every code the gate, policy, approvals, taint, audit and review code throws', () => {
    const thrown = new Set<string>();
    for (const file of sourceFiles(import.meta.dirname)) {
      for (const match of readFileSync(file, 'utf8').matchAll(/code: '([a-z_]+\.[a-z_]+)'/g)) thrown.add(match[1] as string);
    }
    expect([...thrown].filter((code) => !(code in GOVERNANCE_ERROR_CODES))).toEqual([]);
  });
});
