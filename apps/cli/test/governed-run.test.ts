import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startFakeOpenAI, type FakeOpenAI } from '@warden/test-servers';
import { runCli } from './helpers/run-cli.js';
import { fakeProvider, tempWorkspace } from './helpers/workspace.js';

// Issue 40: `warden run` applies the governance.yaml it finds (or --governance FILE) by itself;
// --purpose and --jurisdiction are the run's tags.

let server: FakeOpenAI | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

const GOVERNANCE = `home: eu-central-1
residency:
  EU: [eu-*]
  SG: [ap-southeast-1]
policy:
  purposes:
    refunds: [iban]
`;

describe('warden run under a governance file', () => {
  it('finds WORKDIR/governance.yaml: the email the purpose does not allow never reaches the model, and the decision is in the trail', async () => {
    server = await startFakeOpenAI([{ text: 'Lena informed.' }]);
    const dir = tempWorkspace();
    writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'Tell lena.weber@example.de her refund to DE89 3704 0044 0532 0130 00 is on its way', '--workdir', dir, '--purpose', 'refunds', '--jurisdiction', 'EU', ...args], { env });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const sent = JSON.stringify(server.requests);
    expect(sent).not.toContain('lena.weber@example.de');
    expect(sent).toMatch(/⟨email:[0-9a-f]+⟩/);
    expect(sent).toContain('DE89 3704 0044 0532 0130 00');
    const trail = readFileSync(path.join(dir, '.warden', 'audit.jsonl'), 'utf8');
    expect(trail).toContain('"kind":"governance_decision"');
  });

  it('--governance FILE with a jurisdiction the endpoint region is not allowed for: no call leaves and the run fails with policy.residency_refused', async () => {
    server = await startFakeOpenAI([{ text: 'should not be asked' }]);
    const dir = tempWorkspace();
    const other = tempWorkspace('warden-gov-');
    writeFileSync(path.join(other, 'bank-governance.yaml'), GOVERNANCE);
    const { args, env } = fakeProvider(server.url);
    const result = await runCli(['run', 'Fetch the statement of Tan Wei', '--workdir', dir, '--governance', path.join(other, 'bank-governance.yaml'), '--jurisdiction', 'SG', ...args], { env });
    expect(result.code).not.toBe(0);
    expect(server.requests).toHaveLength(0);
    expect(`${result.stdout}${result.stderr}`).toContain('residency_refused');
  });
});
