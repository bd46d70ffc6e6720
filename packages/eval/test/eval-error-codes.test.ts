import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evalError } from '../src/coded-errors.js';
import { EVAL_ERROR_CODES, EvalError } from '../src/index.js';

// Every failure code is in the table by construction (the factory's `code` is the table's union;
// ESLint forbids `new EvalError` elsewhere). These tests check the other direction.
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      return entry.name.endsWith('.ts') && entry.name !== 'eval-error-codes.ts' ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(EVAL_ERROR_CODES)).toEqual(['eval.invalid_suite', 'eval.invalid_results', 'eval.invalid_step']);
  });

  it('holds only codes the package produces', () => {
    const produced = new Set([...source().matchAll(/'(eval\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(Object.keys(EVAL_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('builds EvalErrors', () => {
    const error = evalError('eval.invalid_step', 'x', 'y');
    expect(EvalError.isInstance(error)).toBe(true);
    expect(error.toJSON()).toEqual({ name: 'EvalError', code: 'eval.invalid_step', message: 'x', hint: 'y' });
  });
});
