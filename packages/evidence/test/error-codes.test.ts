import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { WardenError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { EVIDENCE_ERROR_CODES, EvidenceError } from '../src/index.js';
import { EVIDENCE_VALIDATION_CODES } from '../src/validation.js';
import { PROBE_RESULT_CODES } from '../src/probes.js';

describe('error codes', () => {
  it('pins the thrown (and reported) error codes', () => {
    expect(Object.keys(EVIDENCE_ERROR_CODES)).toEqual([
      'evidence.invalid_case',
      'evidence.invalid_pack',
      'evidence.pack_load_failed',
      'evidence.nothing_selected',
      'evidence.unknown_environment',
      'evidence.invalid_options',
      'evidence.invalid_report',
      'evidence.invalid_target',
      'evidence.local_target_refused',
      'evidence.mcp_sdk_missing',
      'evidence.target_finalize_failed',
      'evidence.invalid_dash_file',
      'evidence.push_failed',
      'evidence.case_timeout',
      'evidence.case_threw',
      'evidence.prerequisite_missing',
      'evidence.pack_test_failed',
      'evidence.invalid_state',
      'evidence.cleanup_state_unknown',
    ]);
  });

  // Every thrown code is in the table by construction: the package builds its errors only with
  // src/errors/coded-errors.ts, whose `code` is the table's union (ESLint forbids `new EvidenceError`
  // elsewhere). This checks the other direction: every listed code is produced, thrown or reported.
  it('lists only codes the package produces', async () => {
    const root = join(import.meta.dirname, '..', 'src');
    const files = (await readdir(root, { recursive: true })).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.endsWith('error-codes.ts'));
    const text = (await Promise.all(files.map((file) => readFile(join(root, file), 'utf8')))).join('\n');
    // A code as a value (`code: 'evidence.x'`, an argument, a fallback), not a table key (`'evidence.x': '…'`).
    const produced = new Set([...text.matchAll(/'(evidence\.[a-z_]+)'(?!\s*:)/g)].map((match) => match[1] as string));
    expect(Object.keys(EVIDENCE_ERROR_CODES).filter((code) => !produced.has(code))).toEqual([]);
  });

  it('pins the evidence validation codes of vocabulary v1', () => {
    expect(Object.keys(EVIDENCE_VALIDATION_CODES)).toEqual([
      'evidence_not_dict',
      'evidence_unknown_keys',
      'evidence_key_type',
      'evidence_value_type',
      'evidence_nonfinite_number',
      'evidence_encoding',
      'evidence_too_large',
      'evidence_depth',
      'evidence_cycle',
      'evidence_work_limit',
      'evidence_conflict',
    ]);
  });

  it('pins the probe call and assertion result codes', () => {
    expect(Object.keys(PROBE_RESULT_CODES)).toEqual([
      'evidence_call_error',
      'evidence_call_timeout',
      'evidence_invalid_result',
      'evidence_invalid_run_log',
      'evidence_target_error',
      'evidence_missing_observation',
      'evidence_observation_type',
      'evidence_incomplete_observation',
      'evidence_unsupported_assertion',
      'evidence_no_contact',
      'evidence_run_stopped',
      'evidence_target_finalized',
      'evidence_assertion_error',
    ]);
  });

  it('EvidenceError is a branded WardenError with code and hint', () => {
    const error = new EvidenceError({ code: 'evidence.push_failed', message: 'm', hint: 'h' });
    expect(error).toBeInstanceOf(WardenError);
    expect(WardenError.isInstance(error)).toBe(true);
    expect(EvidenceError.isInstance(error)).toBe(true);
    expect(EvidenceError.isInstance(new WardenError({ code: 'x.y', message: 'm' }))).toBe(false);
    expect(error.toJSON()).toEqual({ name: 'EvidenceError', code: 'evidence.push_failed', message: 'm', hint: 'h' });
  });
});
