import { describe, expect, it } from 'vitest';
import { EvidenceError } from '../src/index.js';
import { parseRemoteTarget } from '../src/probes.js';

function refusal(value: unknown): EvidenceError {
  try {
    parseRemoteTarget(value);
  } catch (error) {
    if (EvidenceError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('parseRemoteTarget (what a probe server accepts)', () => {
  it('refuses local code targets with evidence.local_target_refused, naming `warden probe run --local`', () => {
    for (const target of [{ kind: 'module', entry: 'agent.mjs:call' }, { kind: 'python', entry: 'agent.py:call', cleanup: 'agent.py:cleanup' }, { kind: 'module' }]) {
      const error = refusal(target);
      expect(error.code).toBe('evidence.local_target_refused');
      expect(error.message).toContain('warden probe run --local');
    }
  });

  it('accepts http and mcp targets without connecting, and calls anything else an invalid target', () => {
    expect(parseRemoteTarget({ kind: 'http', url: 'http://127.0.0.1:9/agent', timeout_s: 2 }).timeoutMs).toBe(2000);
    expect(parseRemoteTarget({ kind: 'mcp', url: 'https://mcp.example.com/mcp' }, { name: 'agent' }).name).toBe('agent');
    for (const target of [null, [], 'http://x', { kind: 'ftp', url: 'ftp://x' }, { kind: 'http' }, { kind: 'http', url: 'http://x', entry: 'a.mjs:b' }, { kind: 'mcp', url: 'file:///etc/passwd' }]) {
      expect(refusal(target).code).toBe('evidence.invalid_target');
    }
  });
});
