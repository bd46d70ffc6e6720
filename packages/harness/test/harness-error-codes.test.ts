import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, ToolError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { agentSessionError, attachmentError, budgetAlertError, configError, sealError, toolError, tracingError } from '../src/coded-errors.js';
import { HARNESS_SHARED_CODES } from '../src/harness-error-codes.js';
import { AGENT_SESSION_ERROR_CODES, AgentSessionError, ATTACHMENT_ERROR_CODES, AttachmentError, BUDGET_ALERT_ERROR_CODES, BudgetAlertError, SEAL_ERROR_CODES, SealError, TRACING_ERROR_CODES, TracingError } from '../src/index.js';

// Every code harness throws is listed by construction: harness builds its errors only with
// coded-errors.ts, whose `code` is HarnessErrorCode (ESLint forbids `new ConfigError` and the rest
// elsewhere). These tests check the other direction: every listed code is produced.

/** The package's source, without tests and without the tables themselves. */
function source(dir = join(import.meta.dirname, '..', 'src')): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return source(path);
      const isSource = entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('-codes.ts');
      return isSource ? readFileSync(path, 'utf8') : '';
    })
    .join('\n');
}

describe('error codes', () => {
  it('pins the codes of other tables that harness throws', () => {
    expect([...HARNESS_SHARED_CODES].sort()).toEqual(['config.invalid', 'config.unknown_key', 'tool.mcp_connect_failed']);
  });

  it('lists only codes harness produces', () => {
    const listed = [...HARNESS_SHARED_CODES, ...Object.keys(TRACING_ERROR_CODES), ...Object.keys(BUDGET_ALERT_ERROR_CODES), ...Object.keys(AGENT_SESSION_ERROR_CODES), ...Object.keys(SEAL_ERROR_CODES), ...Object.keys(ATTACHMENT_ERROR_CODES)];
    // A code is produced where the source names it as a literal: the factories take nothing else.
    const produced = new Set([...source().matchAll(/'([a-z_]+\.[a-z_]+)'/g)].map((match) => match[1]));
    expect(listed.filter((code) => !produced.has(code))).toEqual([]);
  });

  it('each factory builds its class', () => {
    expect(configError({ code: 'config.invalid', message: 'm' })).toBeInstanceOf(ConfigError);
    expect(toolError({ code: 'tool.mcp_connect_failed', message: 'm' })).toBeInstanceOf(ToolError);
    expect(TracingError.isInstance(tracingError({ code: 'tracing.api_missing', message: 'm' }))).toBe(true);
    expect(BudgetAlertError.isInstance(budgetAlertError({ code: 'budget_alerts.invalid_state', message: 'm' }))).toBe(true);
    expect(AgentSessionError.isInstance(agentSessionError({ code: 'agent_session.invalid_options', message: 'm' }))).toBe(true);
    expect(SealError.isInstance(sealError({ code: 'seal.key_missing', message: 'm' }))).toBe(true);
    expect(AttachmentError.isInstance(attachmentError({ code: 'attachment.too_large', message: 'm' }))).toBe(true);
  });
});
