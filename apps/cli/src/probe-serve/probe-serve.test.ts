import { describe, expect, it } from 'vitest';
import { isUsableToken, tokenVerifier } from './bearer-token.js';
import { createRunSlots } from './run-slots.js';
import { isRunId } from './run-store.js';
import { PROBE_SERVE_ERROR_CODES } from './serve-error.js';

describe('probe server units', () => {
  it('pins the error codes of the HTTP API', () => {
    expect(Object.keys(PROBE_SERVE_ERROR_CODES)).toEqual([
      'probe_serve.unauthorized',
      'probe_serve.too_large',
      'probe_serve.invalid_request',
      'probe_serve.nothing_selected',
      'probe_serve.busy',
      'probe_serve.invalid_run_id',
      'probe_serve.not_found',
      'probe_serve.shutting_down',
      'probe_serve.run_failed',
      'probe_serve.target_refused',
      'probe_serve.forbidden_host',
    ]);
  });

  it('checks tokens by their digests, whatever the length given', () => {
    const verify = tokenVerifier('the-server-token-123');
    expect(verify('the-server-token-123')).toBe(true);
    expect(verify('the-server-token-12')).toBe(false);
    expect(verify('the-server-token-1234')).toBe(false);
    expect(verify('')).toBe(false);
    expect(isUsableToken('short')).toBe(false);
    expect(isUsableToken('has spaces in it, sixteen+')).toBe(false);
    expect(isUsableToken('a'.repeat(16))).toBe(true);
  });

  it('takes at most max slots and wakes idle() when the last one is released', async () => {
    const slots = createRunSlots(2);
    expect(slots.tryAcquire('a')).toBe(true);
    expect(slots.tryAcquire('a')).toBe(false);
    expect(slots.tryAcquire('b')).toBe(true);
    expect(slots.tryAcquire('c')).toBe(false);
    let idle = false;
    const waiting = slots.idle().then(() => (idle = true));
    slots.release('a');
    await Promise.resolve();
    expect(idle).toBe(false);
    slots.release('b');
    await waiting;
    expect(slots.active).toBe(0);
  });

  it('accepts run ids, never a path', () => {
    expect(isRunId('20261201T160000Z-a1b2c3')).toBe(true);
    for (const id of ['', '..', '../x', 'a/b', 'a\\b', '.hidden', 'a..b', 'x'.repeat(129)]) expect(isRunId(id)).toBe(false);
  });
});
