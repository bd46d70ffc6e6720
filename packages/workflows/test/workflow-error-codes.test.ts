import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { workflowError } from '../src/coded-errors.js';
import { WORKFLOW_ERROR_CODES, WorkflowError } from '../src/index.js';

// Every failure code is in the table by construction (the factory's `code` is the table's union;
// ESLint forbids `new WorkflowError` elsewhere). These tests check the other direction.
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && entry.name !== 'workflow-error-codes.ts' ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(WORKFLOW_ERROR_CODES)).toEqual([
      'workflow.invalid',
      'workflow.unknown_tool',
      'workflow.unknown_agent',
      'workflow.invalid_input',
      'workflow.step_failed',
      'workflow.refused',
      'workflow.max_steps',
      'workflow.budget',
      'workflow.timeout',
      'workflow.interrupted_tool',
      'workflow.taken_over',
      'workflow.not_found',
    ]);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(workflow\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(WORKFLOW_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds WorkflowErrors', () => {
    const error = workflowError('workflow.not_found', 'x', 'y');
    expect(WorkflowError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'WorkflowError', code: 'workflow.not_found', message: 'x', hint: 'y' });
  });
});
