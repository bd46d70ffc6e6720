import { PolicyError } from '@warden/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadShellAnalyzer } from './shell/shell-analyzer.js';
import { SHELL_POLICY_ERROR_CODES, type ShellPolicyErrorCode } from './shell-policy-error-codes.js';

// Every thrown code is in the table by construction: the package builds its errors only with
// coded-errors.ts, whose `code` is the table's union (ESLint forbids `new PolicyError` elsewhere).
// These tests check the other direction, by running the package: every listed code is produced.

/** How each listed code is produced. */
const PRODUCERS: Record<ShellPolicyErrorCode, () => Promise<unknown>> = {
  'policy.shell_analyzer_disposed': async () => {
    const analyzer = await loadShellAnalyzer();
    analyzer.dispose();
    return analyzer.decide('ls', { workspace: '/ws', mode: 'safe' });
  },
  'policy.shell_parser_unavailable': async () => {
    // The grammar's runtime cannot be imported, as when it is not installed.
    vi.resetModules();
    vi.doMock('web-tree-sitter', () => {
      throw new Error('Cannot find package web-tree-sitter');
    });
    const { loadBashParser } = await import('./shell/parser-loader.js');
    return loadBashParser();
  },
};

afterEach(() => {
  vi.doUnmock('web-tree-sitter');
  vi.resetModules();
});

describe('error codes', () => {
  it('pins the table', () => {
    expect(Object.keys(SHELL_POLICY_ERROR_CODES).sort()).toEqual(['policy.shell_analyzer_disposed', 'policy.shell_parser_unavailable']);
    for (const text of Object.values(SHELL_POLICY_ERROR_CODES)) expect(text.length).toBeGreaterThan(10);
  });

  it.each(Object.keys(PRODUCERS) as ShellPolicyErrorCode[])('produces %s', async (code) => {
    const error: unknown = await PRODUCERS[code]().then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
    expect(PolicyError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ code });
  });

  it('has a producer for every listed code', () => {
    expect(Object.keys(PRODUCERS).sort()).toEqual(Object.keys(SHELL_POLICY_ERROR_CODES).sort());
  });
});
