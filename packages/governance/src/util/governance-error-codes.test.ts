import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GOVERNANCE_ERROR_CODES } from './governance-error-codes.js';

// Every thrown code is in the table by construction: the package builds its errors only with
// coded-errors.ts, whose `code` is the table's union (ESLint forbids `new PolicyError` elsewhere).
// These tests check the other direction: every code in the table is produced.

/** The package's source, without tests and without the table itself. */
function source(dir = join(import.meta.dirname, '..')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'governance-error-codes.ts';
      return isSource ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
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
      'policy.data_refused',
      'policy.dsar_incomplete',
      'policy.example_failed',
      'policy.guardrail_violation',
      'policy.identity_widened',
      'policy.incident_invalid',
      'policy.invalid',
      'policy.judge_failed',
      'policy.prohibited_use',
      'policy.residency_refused',
      'policy.runaway_delegation',
      'policy.self_approval',
      'policy.tool_breaker_open',
      'policy.tool_drift',
      'policy.tool_loop',
      'policy.tool_storm',
    ]);
    for (const text of Object.values(GOVERNANCE_ERROR_CODES)) expect(text.length).toBeGreaterThan(10);
  });

  it('holds only codes the package produces', () => {
    const text = source();
    // Produced without a literal here: the protocol's strict-options helpers throw config.unknown_key.
    const viaOptionHelpers = /\b(strictOptions|unknownOptionError)\(/.test(text) ? ['config.unknown_key'] : [];
    const produced = new Set(viaOptionHelpers);
    for (const match of text.matchAll(/code: '([a-z_]+\.[a-z_]+)'/g)) produced.add(match[1] as string);
    expect(Object.keys(GOVERNANCE_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });
});
