import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { autoApprove, auditLog, createGate, jsonlAuditSink, parsePolicy, personRequiredApprover, verifyAudit } from '../src/index.js';

const workspace = mkdtempSync(join(tmpdir(), 'warden-readme-'));
afterAll(() => rmSync(workspace, { recursive: true, force: true }));

it('the README example does what it says', async () => {
  const policy = parsePolicy(
    `
rules:
  - id: no-terraform-apply
    tool: shell
    when: 'args.command matches "^terraform\\\\s+apply"'
    effect: deny
    reason: infrastructure changes go through CI
    examples:
      deny: [{ args: { command: terraform apply -auto-approve } }]
      allow: [{ args: { command: terraform plan } }]
`,
    { source: 'policy.yaml' },
  );
  const gate = createGate({ workspace, mode: 'safe', policy });
  const ctx = { runId: 'run-1', step: 0, tainted: false };
  expect(await gate.decide({ id: '1', name: 'shell', args: { command: 'terraform apply' } }, ctx)).toEqual({
    effect: 'deny',
    rule: 'policy.no-terraform-apply',
    reason: 'infrastructure changes go through CI',
  });
  expect(await gate.decide({ id: '2', name: 'shell', args: { command: 'rm -rf ~' } }, ctx)).toMatchObject({ effect: 'deny', rule: expect.stringMatching(/^shell\./) });
  expect(await gate.decide({ id: '3', name: 'write_file', args: { path: '.env' }, annotations: { mutating: true } }, ctx)).toMatchObject({ effect: 'deny', rule: 'path.protected' });
  expect(await gate.decide({ id: '4', name: 'read_file', args: { path: 'README.md' }, annotations: { readOnly: true } }, ctx)).toEqual({
    effect: 'allow',
    rule: 'mode.safe',
    reason: 'read_file is read-only',
    params: { tool: 'read_file' },
  });
  expect(personRequiredApprover(autoApprove()).kind).toBe('automatic');
  const file = join(workspace, '.warden', 'audit.jsonl');
  const trail = auditLog({ sink: jsonlAuditSink(file), key: 'example-key', auditArgs: 'hash' });
  await trail.record('note', { hello: 'world' });
  expect(await verifyAudit(file, 'example-key')).toMatchObject({ ok: true, entries: 1 });
});
