import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as mod from '../src/index.js';

describe('@warden/governance public surface', () => {
  it('pins the package name and exports map', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { name: string; exports: Record<string, unknown> };
    expect(pkg.name).toBe('@warden/governance');
    expect(Object.keys(pkg.exports)).toEqual(['.', './package.json']);
  });

  it('pins the public names', () => {
    expect(Object.keys(mod).sort()).toEqual([
      'AUDIT_META_KEY',
      'AuditEntry',
      'DEFAULT_APPROVAL_TTL_MS',
      'DEFAULT_GUARD_TOOLS',
      'DEFAULT_INSTRUCTION_FILES',
      'DEFAULT_OPEN_WORLD_TOOLS',
      'DEFAULT_PROTECTED_NAMES',
      'DEFAULT_TAINT_TOOLS',
      'GENESIS_HASH',
      'GOVERNANCE_ERROR_CODES',
      'MAX_POLICY_BYTES',
      'PII_KINDS',
      'PolicyExample',
      'PolicyFile',
      'PolicyRuleInput',
      'ReviewVerdict',
      'SHELL_ALLOW_RULE',
      'SHELL_RULES',
      'TaintSettingsInput',
      'approvalDigest',
      'argsDigest',
      'auditLog',
      'autoApprove',
      'compileCondition',
      'createGate',
      'createRedactor',
      'createTextStreamRedactor',
      'definePolicy',
      'detectPii',
      'durableApprovals',
      'durableApprover',
      'formatApprovalPrompt',
      'functionApprover',
      'guardrails',
      'ibanValid',
      'injectionSignal',
      'interactiveApprover',
      'isSecretName',
      'jsonlAuditSink',
      'loadPolicyFile',
      'loadShellAnalyzer',
      'luhnValid',
      'memoryAuditSink',
      'mergePolicies',
      'modelReviewer',
      'noApprover',
      'parsePolicy',
      'pathPolicy',
      'personRequiredApprover',
      'redactApprovalRequest',
      'redactEvent',
      'redactMessage',
      'redactPii',
      'redactRunResult',
      'redactText',
      'safeApprover',
      'scopeMatcher',
      'sessionAuditSink',
      'signApproval',
      'taintDetector',
      'taskScope',
      'terminalSafe',
      'verifyAudit',
    ]);
  });
});
