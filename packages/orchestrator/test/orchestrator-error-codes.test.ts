import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { orchestratorError } from '../src/coded-errors.js';
import { ORCHESTRATOR_ERROR_CODES, OrchestratorError } from '../src/index.js';

// Every failure code is in the table by construction (the factory's `code` is the table's union;
// ESLint forbids `new OrchestratorError` elsewhere). These tests check the other direction.
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => (entry.name.endsWith('.ts') && entry.name !== 'orchestrator-error-codes.ts' ? readFileSync(join(dir, entry.name), 'utf8') : ''))
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(ORCHESTRATOR_ERROR_CODES)).toEqual([
      'orchestrator.invalid_options',
      'orchestrator.plan_invalid',
      'orchestrator.plan_unapproved',
      'orchestrator.spec_invalid',
      'orchestrator.task_failed',
      'orchestrator.deadline',
      'orchestrator.max_subagents',
      'orchestrator.fleet_missing',
      'orchestrator.taken_over',
      'orchestrator.not_found',
    ]);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(orchestrator\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(ORCHESTRATOR_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds OrchestratorErrors', () => {
    const error = orchestratorError('orchestrator.not_found', 'x', 'y');
    expect(OrchestratorError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'OrchestratorError', code: 'orchestrator.not_found', message: 'x', hint: 'y' });
  });
});
