import { assistantText, PolicyError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../src/redaction/redactor.js';
import { guardrails } from '../src/guardrails/guardrails.js';

describe('error codes of the redaction and guardrails parts', () => {
  it('are PolicyError / ConfigError with stable codes and hints', () => {
    const attempts: Array<[string, () => unknown]> = [
      ['policy.guardrail_violation', () => guardrails({ mustInclude: ['x'], onViolation: 'fail' }).afterModel({ runId: 'r', step: 0, final: true, response: { message: assistantText('y') } })],
      ['config.invalid', () => createRedactor({ patterns: [{ name: 'x', pattern: '[' }] })],
      ['config.unknown_key', () => guardrails({ nope: true } as never)],
    ];
    const codes = attempts.map(([expected, attempt]) => {
      try {
        attempt();
        return `${expected}: did not throw`;
      } catch (error) {
        expect(PolicyError.isInstance(error) || (error as { name?: string }).name === 'ConfigError').toBe(true);
        expect((error as { hint?: string }).hint).toBeTruthy();
        return (error as { code: string }).code;
      }
    });
    expect(codes).toEqual(attempts.map(([code]) => code));
  });
});
