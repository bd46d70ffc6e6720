import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { failureMessage, fleetError } from '../src/coded-errors.js';
import { FLEET_ERROR_CODES, FleetError } from '../src/index.js';

// Every failure code is in the table by construction: the package states failures only with
// coded-errors.ts, whose `code` is the table's union (ESLint forbids `new FleetError` elsewhere).
// These tests check the other direction: every code in the table is produced.

/** The package's source, without the table itself. */
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'fleet-error-codes.ts';
      return isSource ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(FLEET_ERROR_CODES)).toEqual([
      'fleet.invalid_job',
      'fleet.duplicate_id',
      'fleet.unknown_config',
      'fleet.inline_refused',
      'fleet.interrupted_tool',
      'fleet.run_failed',
      'fleet.cancelled',
      'fleet.timeout',
      'fleet.job_not_found',
      'fleet.not_retryable',
      'fleet.invalid_options',
    ]);
    for (const text of Object.values(FLEET_ERROR_CODES)) expect(text.length).toBeGreaterThan(10);
  });

  it('holds only codes the package produces', () => {
    // A code is produced where the source names it as a literal: the factories take nothing else.
    const produced = new Set([...source().matchAll(/'(fleet\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(FLEET_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds FleetErrors and code-led failure messages', () => {
    const error = fleetError('fleet.cancelled', 'x', 'y');
    expect(FleetError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'FleetError', code: 'fleet.cancelled', message: 'x', hint: 'y' });
    expect(failureMessage('fleet.timeout', 'job 1 ran too long')).toBe('fleet.timeout: job 1 ran too long');
  });
});
