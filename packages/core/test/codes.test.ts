import { describe, expect, it } from 'vitest';
import { ERROR_CODES, RunError, ToolError, ConfigError, PolicyError, ProtocolError, SessionError } from '@warden/protocol';
import { CORE_WARNING_CODES } from '../src/index.js';

/** The error codes core throws, with the class that carries each. */
const CORE_ERROR_CODES = [
  ['config.invalid', ConfigError],
  ['config.unknown_key', ConfigError],
  ['tool.duplicate_name', ToolError],
  ['tool.invalid_definition', ToolError],
  ['protocol.unsupported_version', ProtocolError],
  ['run.budget_exceeded', RunError],
  ['run.structured_output_failed', RunError],
  ['policy.approval_invalid', PolicyError],
  ['session.version_conflict', SessionError],
] as const;

/** Codes core puts on tool results and run results (never thrown out of a run). */
const RESULT_CODES = ['provider.bad_response', 'internal.unexpected', 'run.max_handoffs', 'run.handoff_refused', 'run.max_runtime_agents', 'run.spawn_refused'] as const;

describe('codes', () => {
  it.each(CORE_ERROR_CODES)('%s is a protocol error code', (code) => {
    expect(ERROR_CODES).toHaveProperty([code]);
  });

  it.each(RESULT_CODES)('%s is a protocol error code', (code) => {
    expect(ERROR_CODES).toHaveProperty([code]);
  });

  it('the classes carry the codes', () => {
    for (const [code, Class] of CORE_ERROR_CODES) {
      const error = new Class({ code, message: 'm', hint: 'h' });
      expect(error.code).toBe(code);
      expect(error.toJSON()).toMatchObject({ code, hint: 'h' });
    }
  });

  it('pins the warning codes', () => {
    expect(Object.keys(CORE_WARNING_CODES).sort()).toEqual([
      'core.approval_call_missing',
      'core.compaction_failed',
      'core.handoff_agent_missing',
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
