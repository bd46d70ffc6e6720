import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  ERROR_CODES,
  PolicyError,
  ProtocolError,
  ProviderError,
  RunError,
  SessionError,
  ToolError,
  INTERFACE_VERSIONS,
  WardenError,
  assertSpecificationVersion,
  errorCodeOf,
  type VersionedInterface,
} from '../src/index.js';

describe('error codes', () => {
  it('pins the table of stable codes (renaming one is a breaking change)', () => {
    // An explicit list, not a snapshot: `vitest -u` must not re-pin the codes silently.
    expect(Object.keys(ERROR_CODES).sort()).toEqual([
      'config.invalid',
      'config.unknown_key',
      'internal.unexpected',
      'policy.approval_invalid',
      'policy.example_failed',
      'policy.invalid',
      'protocol.invalid_value',
      'protocol.too_large',
      'protocol.unsupported_version',
      'provider.aborted',
      'provider.auth',
      'provider.bad_request',
      'provider.bad_response',
      'provider.circuit_open',
      'provider.content_filter',
      'provider.context_length',
      'provider.network',
      'provider.not_configured',
      'provider.overloaded',
      'provider.rate_limited',
      'provider.replay_mismatch',
      'provider.script_exhausted',
      'provider.timeout',
      'provider.unavailable',
      'run.aborted',
      'run.budget_exceeded',
      'run.handoff_refused',
      'run.max_handoffs',
      'run.max_runtime_agents',
      'run.spawn_refused',
      'run.structured_output_failed',
      'session.corrupt',
      'session.driver_missing',
      'session.io',
      'session.locked',
      'session.not_found',
      'session.version_conflict',
      'tool.duplicate_name',
      'tool.execution_failed',
      'tool.invalid_args',
      'tool.invalid_definition',
      'tool.path_invalid',
      'tool.path_outside_workspace',
      'tool.path_protected',
      'tool.timeout',
    ]);
  });

  it('every code is <area>.<name> with a description', () => {
    for (const [code, doc] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+\.[a-z_]+$/);
      expect(doc.length).toBeGreaterThan(10);
    }
  });
});

describe('WardenError', () => {
  const classes = [
    [ToolError, 'tool.timeout'],
    [SessionError, 'session.not_found'],
    [PolicyError, 'policy.invalid'],
    [ConfigError, 'config.invalid'],
    [ProtocolError, 'protocol.invalid_value'],
    [RunError, 'run.aborted'],
  ] as const;

  it.each(classes)('%o is a branded WardenError with its code and hint', (Cls, code) => {
    const error = new Cls({ code, message: 'it broke', hint: 'do this' });
    expect(error).toBeInstanceOf(Error);
    expect(WardenError.isInstance(error)).toBe(true);
    expect(Cls.isInstance(error)).toBe(true);
    expect(error.code).toBe(code);
    expect(error.toJSON()).toEqual({ name: Cls.name, code, message: 'it broke', hint: 'do this' });
  });

  it('subclass checks do not confuse siblings', () => {
    const error = new ToolError({ code: 'tool.timeout', message: 'slow' });
    expect(SessionError.isInstance(error)).toBe(false);
    expect(ProviderError.isInstance(error)).toBe(false);
  });

  it('isInstance survives a duplicate install (a structurally branded object from another copy)', () => {
    const foreign = Object.assign(new Error('from another copy'), { code: 'tool.timeout', [Symbol.for('warden.error')]: true });
    expect(WardenError.isInstance(foreign)).toBe(true);
    expect(WardenError.isInstance(new Error('plain'))).toBe(false);
    expect(WardenError.isInstance(null)).toBe(false);
    expect(errorCodeOf(foreign)).toBe('tool.timeout');
    expect(errorCodeOf(new Error('plain'))).toBe('internal.unexpected');
  });

  it('ProviderError carries status, retryable, retry-after, attempts and request id', () => {
    const error = new ProviderError({
      code: 'provider.rate_limited',
      message: 'rate limited',
      provider: 'openai',
      status: 429,
      retryable: true,
      retryAfterMs: 2000,
      attempts: 3,
      requestId: 'req_1',
    });
    expect(ProviderError.isInstance(error)).toBe(true);
    expect([error.status, error.retryable, error.retryAfterMs, error.attempts, error.requestId]).toEqual([429, true, 2000, 3, 'req_1']);
  });

  it('keeps the cause', () => {
    const cause = new Error('root');
    expect(new ConfigError({ code: 'config.invalid', message: 'x', cause }).cause).toBe(cause);
  });
});

describe('assertSpecificationVersion', () => {
  it('accepts v1 and refuses anything else with a typed error', () => {
    expect(assertSpecificationVersion({ specificationVersion: 'v1' }, 'Provider')).toEqual({ specificationVersion: 'v1' });
    expect(() => assertSpecificationVersion({ specificationVersion: 'v2' }, 'Provider')).toThrow(/this release supports "v1"/);
    let caught: unknown;
    try {
      assertSpecificationVersion({}, 'Tool');
    } catch (error) {
      caught = error;
    }
    expect(ProtocolError.isInstance(caught) && caught.code).toBe('protocol.unsupported_version');
  });

  it('checks each interface against its own version, so one can move while the others stay', () => {
    for (const [kind, version] of Object.entries(INTERFACE_VERSIONS) as [VersionedInterface, string][]) {
      expect(assertSpecificationVersion({ specificationVersion: version }, kind, kind)).toEqual({ specificationVersion: version });
      expect(() => assertSpecificationVersion({ specificationVersion: `${version}-other` }, `a ${kind}`, kind)).toThrow(`a ${kind} has specificationVersion "${version}-other"; this release supports "${version}"`);
    }
    expect(Object.keys(INTERFACE_VERSIONS).sort()).toEqual(['approvalStore', 'approver', 'gate', 'provider', 'sessionStore', 'tool']);
  });
});
