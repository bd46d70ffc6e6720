import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, ERROR_CODES, PolicyError, ProviderError, RunError, SessionError, ToolError, WardenError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { configError, policyError, providerError, runError, sessionError, toolError } from '../src/coded-errors.js';
import { CORE_ERROR_CODES } from '../src/core-error-codes.js';
import { CORE_WARNING_CODES } from '../src/index.js';

// Every code core throws is in CORE_ERROR_CODES by construction: core builds its errors only with
// coded-errors.ts, whose `code` is that list's union (ESLint forbids `new RunError` and the rest
// elsewhere). These tests check the other direction: every listed code is produced.

/** Core's source, without tests and without the list itself. */
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && entry.name !== 'core-error-codes.ts';
      return isSource ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the codes core throws', () => {
    expect([...CORE_ERROR_CODES].sort()).toEqual([
      'config.invalid',
      'policy.approval_invalid',
      'provider.bad_response',
      'run.budget_exceeded',
      'run.handoff_refused',
      'run.max_handoffs',
      'run.max_runtime_agents',
      'run.spawn_refused',
      'run.structured_output_failed',
      'session.io',
      'session.version_conflict',
      'tool.duplicate_name',
      'tool.invalid_definition',
    ]);
    expect(CORE_ERROR_CODES.filter((code) => !(code in ERROR_CODES))).toEqual([]);
  });

  it('lists only codes core produces', () => {
    const produced = new Set([...source().matchAll(/code: '([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(CORE_ERROR_CODES.filter((code) => !produced.has(code))).toEqual([]);
  });

  it('still passes on the codes of the protocol helpers it calls', () => {
    // Not in the list (core does not build them) but thrown or reported through core all the same.
    const text = source();
    expect(text).toMatch(/\bstrictOptions\(/); // config.unknown_key
    expect(text).toMatch(/\bassertSpecificationVersion\(/); // protocol.unsupported_version
    expect(text).toMatch(/\berrorCodeOf\(/); // internal.unexpected
  });

  it('each factory builds its protocol class', () => {
    const built: [WardenError, new (...args: never[]) => WardenError][] = [
      [configError({ code: 'config.invalid', message: 'm', hint: 'h' }), ConfigError],
      [toolError({ code: 'tool.duplicate_name', message: 'm', hint: 'h' }), ToolError],
      [providerError({ code: 'provider.bad_response', message: 'm', hint: 'h', provider: 'p', retryable: false }), ProviderError],
      [sessionError({ code: 'session.io', message: 'm', hint: 'h' }), SessionError],
      [policyError({ code: 'policy.approval_invalid', message: 'm', hint: 'h' }), PolicyError],
      [runError({ code: 'run.budget_exceeded', message: 'm', hint: 'h' }), RunError],
    ];
    for (const [error, Class] of built) {
      expect(error).toBeInstanceOf(Class);
      expect(error.toJSON()).toMatchObject({ message: 'm', hint: 'h' });
    }
  });

  it('pins the warning codes', () => {
    expect(Object.keys(CORE_WARNING_CODES).sort()).toEqual([
      'core.approval_call_missing',
      'core.compaction_failed',
      'core.handoff_agent_missing',
      'core.handoff_agent_unavailable',
      'core.handoff_filter_failed',
      'core.handoff_other_user',
      'core.handoff_tools_narrowed',
      'core.hook_failed',
      'core.interrupted_calls',
      'core.session_repaired',
      'core.session_unavailable',
      'core.session_write_failed',
      'core.subagent_tools_narrowed',
      'core.wrap_up_tool_calls_dropped',
      'tool.warning',
    ]);
  });
});
