import { ERROR_CODES, RunError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { failedCall } from '../src/mcp-server/agent-call.js';

describe('a served agent call that fails', () => {
  it('names a Warden error by its code and message', () => {
    const outcome = failedCall('writer', new RunError({ code: 'run.budget_exceeded', message: 'the run spent its budget' }), 's-1');
    expect(outcome.isError).toBe(true);
    expect(outcome.output.error).toEqual({ code: 'run.budget_exceeded', message: 'the run spent its budget' });
    expect(outcome.output.sessionId).toBe('s-1');
    expect(outcome.text).toBe('writer failed: run.budget_exceeded: the run spent its budget');
  });

  it('gives anything else a listed code and general words, never its own message', () => {
    const outcome = failedCall('writer', new Error('ECONNREFUSED postgres://admin:hunter2@db/prod'));
    expect(outcome.output.error?.code).toBe('internal.unexpected');
    expect(Object.keys(ERROR_CODES)).toContain(outcome.output.error?.code);
    expect(outcome.text).not.toContain('hunter2');
    expect(JSON.stringify(outcome.output)).not.toContain('hunter2');
  });
});
