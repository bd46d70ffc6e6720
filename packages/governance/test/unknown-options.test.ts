import { ConfigError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import {
  auditLog, autoApprove, createGate, createRedactor, createTextStreamRedactor, durableApprovals, durableApprover, functionApprover, guardrails,
  interactiveApprover, jsonlAuditSink, lintPlan, parsePolicy, pathPolicy, safeApprover, taintDetector, taskScope,
} from '../src/index.js';

function failure(build: () => unknown): ConfigError {
  try {
    build();
  } catch (error) {
    if (ConfigError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('the factory accepted an unknown option');
}

const inner = autoApprove();
// Every public factory that takes options: a misspelt key is refused, naming the key it meant.
const cases: Array<[string, () => unknown, string]> = [
  ['createGate', () => createGate({ workspace: '/w', denylist: [] } as never), 'denyList'],
  ['guardrails', () => guardrails({ forbidTool: ['x'] } as never), 'forbidTools'],
  ['auditLog', () => auditLog({ sink: { append: () => undefined }, audtArgs: true } as never), 'auditArgs'],
  ['jsonlAuditSink', () => jsonlAuditSink('/tmp/audit.jsonl', { snyc: true } as never), 'sync'],
  ['interactiveApprover', () => interactiveApprover({ timeoutMS: 5 } as never), 'timeoutMs'],
  ['safeApprover', () => safeApprover(inner, { timeout: 5 } as never), 'timeoutMs'],
  ['durableApprovals', () => durableApprovals({ tlMs: 5 } as never), 'ttlMs'],
  ['durableApprover', () => durableApprover({ selfApprovel: true } as never), 'selfApproval'],
  ['autoApprove', () => autoApprove({ bye: 'x' } as never), 'by'],
  ['functionApprover', () => functionApprover(() => true, { kinds: 'person' } as never), 'kind'],
  ['createRedactor', () => createRedactor({ pattern: [] } as never), 'patterns'],
  ['createTextStreamRedactor', () => createTextStreamRedactor(createRedactor(), { maxPendingChar: 5 } as never), 'maxPendingChars'],
  ['taintDetector', () => taintDetector({ taintTool: [] } as never), 'taintTools'],
  ['pathPolicy', () => pathPolicy({ workspace: '/w', protectedPath: [] } as never), 'protectedPaths'],
  ['lintPlan', () => lintPlan({ steps: [] }, [], { limit: {} } as never), 'limits'],
  ['taskScope', () => taskScope('task', { workspace: '/w', host: [] } as never), 'hosts'],
  ['parsePolicy', () => parsePolicy('rules: []', { sorce: 'x' } as never), 'source'],
];

describe('unknown options', () => {
  it.each(cases)('%s refuses a misspelt option with config.unknown_key and "did you mean"', (factory, build, meant) => {
    const error = failure(build);
    expect(error.code).toBe('config.unknown_key');
    expect(error.message).toContain(`${factory}: unknown option`);
    expect(error.hint).toBe(`did you mean "${meant}"?`);
  });
});
