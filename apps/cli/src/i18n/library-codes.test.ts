import { ERROR_CODES } from '@warden/protocol';
import { HANDOFF_REFUSALS } from '@warden/protocol/handoff';
import { TAINT_NOTES } from '@warden/protocol/policy';
import { GATE_RULES, GOVERNANCE_ERROR_CODES, SHELL_POLICY_ERROR_CODES, SHELL_RULES, TAINT_REASONS } from '@warden/governance';
import { EVIDENCE_ERROR_CODES } from '@warden/evidence';
import { FLEET_ERROR_CODES } from '@warden/fleet';
import { AGENT_SESSION_ERROR_CODES, ATTACHMENT_ERROR_CODES, BUDGET_ALERT_ERROR_CODES, SEAL_ERROR_CODES, TRACING_ERROR_CODES } from '@warden/harness';
import { CONTAINMENT_ERROR_CODES } from '@warden/pack-containment';
import { PROVIDER_ERROR_CODES } from '@warden/providers';
import { REDIS_PERSISTENCE, SESSION_ERROR_CODES, STORE_CHECK_PROBLEMS, STORE_CHECK_STEPS } from '@warden/sessions';
import { SANDBOX_UNAVAILABLE, TOOL_ERROR_CODES } from '@warden/tools';
import { WORKFLOW_ERROR_CODES } from '@warden/workflows';
import { EVAL_ERROR_CODES } from '@warden/eval';
import { ORCHESTRATOR_ERROR_CODES } from '@warden/orchestrator';
import { KNOWLEDGE_ERROR_CODES } from '@warden/knowledge';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './catalog-types.js';
import { loadCatalog } from './load-catalog.js';

/** Every code a library can put in front of a CLI user, read from the libraries' own tables. */
const ERROR_CODE_LIST = [
  ...Object.keys(ERROR_CODES),
  ...Object.keys(PROVIDER_ERROR_CODES),
  ...Object.keys(GOVERNANCE_ERROR_CODES),
  ...Object.keys(SHELL_POLICY_ERROR_CODES),
  ...Object.keys(TOOL_ERROR_CODES),
  ...SESSION_ERROR_CODES,
  ...Object.keys(TRACING_ERROR_CODES),
  ...Object.keys(BUDGET_ALERT_ERROR_CODES),
  ...Object.keys(AGENT_SESSION_ERROR_CODES),
  ...Object.keys(SEAL_ERROR_CODES),
  ...Object.keys(EVIDENCE_ERROR_CODES),
  ...Object.keys(FLEET_ERROR_CODES),
  ...Object.values(CONTAINMENT_ERROR_CODES),
  ...Object.keys(WORKFLOW_ERROR_CODES),
  ...Object.keys(EVAL_ERROR_CODES),
  ...Object.keys(ORCHESTRATOR_ERROR_CODES),
  ...Object.keys(KNOWLEDGE_ERROR_CODES),
  ...Object.keys(ATTACHMENT_ERROR_CODES),
];
const RULES = [...Object.keys(GATE_RULES), ...Object.keys(SHELL_RULES)];

describe.each(LANGUAGES)('the %s catalog speaks for the libraries', (lang) => {
  it('has a message for every error code', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(ERROR_CODE_LIST.length).toBeGreaterThan(60);
    expect(ERROR_CODE_LIST.filter((code) => !(`code.${code}` in catalog))).toEqual([]);
  });

  it('has a reason for every gate and shell rule', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(RULES.length).toBeGreaterThan(40);
    expect(RULES.filter((rule) => !(`rule.${rule}` in catalog))).toEqual([]);
  });

  it('has words for every reason a tainted call needs a person', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(Object.keys(TAINT_REASONS).filter((id) => !(`because.${id}` in catalog))).toEqual([]);
  });

  it('has words for every reason a run becomes tainted', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(Object.keys(TAINT_NOTES).length).toBeGreaterThan(15);
    expect(Object.keys(TAINT_NOTES).filter((id) => !(`taint.${id}` in catalog))).toEqual([]);
  });

  it('has words for every reason a handoff is refused, and every code a provider notice gives', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(Object.keys(HANDOFF_REFUSALS).filter((code) => !(`handoffRefusal.${code}` in catalog))).toEqual([]);
    // A retry or switch notice names the failed attempt's provider error code.
    expect(Object.keys(PROVIDER_ERROR_CODES).filter((code) => !(`code.${code}` in catalog))).toEqual([]);
  });

  it("has words for every reason doctor gives that the sandbox is unavailable", async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(Object.keys(SANDBOX_UNAVAILABLE).filter((code) => !(`doctor.detail.${code}` in catalog))).toEqual([]);
  });

  it('has words for every session-store check step and problem, and every Redis persistence setting doctor reports', async () => {
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    expect(STORE_CHECK_STEPS.filter((step) => !(`doctor.step.${step}` in catalog))).toEqual([]);
    const codes = [...Object.keys(STORE_CHECK_PROBLEMS), ...Object.keys(REDIS_PERSISTENCE)];
    expect(codes.length).toBeGreaterThan(10);
    expect(codes.filter((code) => !(`doctor.detail.${code}` in catalog))).toEqual([]);
  });

  it.runIf(lang !== 'en')('translates them (no message is the English one)', async () => {
    const en: Record<string, unknown> = await loadCatalog('en');
    const catalog: Record<string, unknown> = await loadCatalog(lang);
    const keys = Object.keys(en).filter((key) => /^(code|codeHint|rule|because|taint|handoffRefusal|doctor\.(fix|for|detail|step))\./.test(key));
    // Commands and names stay as they are; everything with words in it is translated.
    const copied = keys.filter((key) => catalog[key] === en[key] && !/^doctor\.fix\.driver$/.test(key));
    expect(copied).toEqual([]);
  });
});
