import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { auditLog, incidentTracker, jsonlAuditSink, provenanceManifest, threatGuard } from '@warden/governance';
import { describe, expect, it } from 'vitest';
import { runCli } from './helpers/run-cli.js';
import { tempWorkspace } from './helpers/workspace.js';

const GOVERNANCE = `packs: [gdpr, eu-ai-act]
home: eu-central-1
residency: { EU: [eu-*] }
policy:
  purposes: { refunds: [email, iban] }
  rules:
    - { id: refunds-need-two, on: tool, match: refund, effect: require_approval, approvers: 2 }
`;

const CONFIG = {
  provider: 'openai',
  model: 'gpt-5-mini',
  builtinTools: { shell: false },
  mcpServers: { crm: { url: 'https://crm.example.test/mcp' }, files: { command: '/usr/local/bin/mcp-files', args: ['--root', '/secret/path'] } },
  subagents: { researcher: { description: 'reads the web', tools: ['read_file'] } },
};

function workspace(): string {
  const dir = tempWorkspace('warden-gov-transparency-');
  writeFileSync(path.join(dir, 'governance.yaml'), GOVERNANCE);
  writeFileSync(path.join(dir, 'warden.config.json'), JSON.stringify(CONFIG));
  return dir;
}

describe('warden governance notice', () => {
  it('shows the AI notice in each of the CLI\'s four languages', async () => {
    const texts = new Map<string, string>();
    for (const lang of ['en', 'es', 'fr', 'hi']) {
      const out = await runCli(['governance', 'notice', '--lang', lang, '--json']);
      expect(out.code).toBe(0);
      const body = JSON.parse(out.stdout) as { lang: string; notice: string };
      expect(body.lang).toBe(lang);
      expect(body.notice).toMatch(/\b(AI|IA)\b/);
      expect(body.notice).toContain('50');
      texts.set(lang, body.notice);
    }
    expect(new Set(texts.values()).size).toBe(4);
    expect(texts.get('en')).toContain('you are interacting with an AI system');
  });
});

describe('warden governance inventory and dpia', () => {
  it('writes a CycloneDX 1.6 inventory of the live config: agents, models, tools, MCP servers (no arguments), packs', async () => {
    const dir = workspace();
    const out = path.join(dir, 'bom.json');
    const result = await runCli(['governance', 'inventory', '--workdir', dir, '--out', out], { cwd: dir });
    expect(result.code).toBe(0);
    const bom = JSON.parse(readFileSync(out, 'utf8')) as {
      bomFormat: string;
      specVersion: string;
      components: { type: string; name: string; publisher?: string; properties?: { name: string; value: string }[] }[];
      services: { name: string; endpoints?: string[] }[];
      metadata: { properties: { name: string; value: string }[] };
    };
    expect([bom.bomFormat, bom.specVersion]).toEqual(['CycloneDX', '1.6']);
    const kind = (k: string) => bom.components.filter((c) => c.properties?.some((p) => p.name === 'warden:kind' && p.value === k)).map((c) => c.name);
    expect(kind('agent')).toEqual(['main', 'researcher']);
    expect(bom.components.filter((c) => c.type === 'machine-learning-model').map((c) => `${c.publisher}:${c.name}`)).toEqual(['openai:gpt-5-mini']);
    expect(kind('tool')).toContain('read_file');
    expect(kind('tool')).not.toContain('shell');
    expect(kind('governance-pack')).toEqual(['gdpr', 'eu-ai-act']);
    expect(bom.services.map((s) => s.name)).toEqual(['crm', 'files']);
    expect(readFileSync(out, 'utf8')).not.toContain('/secret/path');
    expect(bom.metadata.properties.find((p) => p.name === 'warden:policy-version')?.value).toMatch(/^sha256:/);
  });

  it('drafts a DPIA from the governance file and the config, saying it is not legal advice', async () => {
    const dir = workspace();
    const out = path.join(dir, 'dpia.md');
    const result = await runCli(['governance', 'dpia', '--workdir', dir, '--out', out], { cwd: dir });
    expect(result.code).toBe(0);
    expect(result.stderr).toContain('Not legal advice');
    const md = readFileSync(out, 'utf8');
    expect(md).toContain('not legal advice');
    expect(md).toContain('| refunds | iban, email | high |');
    expect(md).toContain('Data subjects in EU: model calls only to eu-*.');
    expect(md).toContain('| researcher | openai:gpt-5-mini | read_file |');
    const missing = await runCli(['governance', 'dpia', '--workdir', tempWorkspace()]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('no governance file');
  });
});

describe('warden governance incidents', () => {
  it('lists the open incidents a real trail holds, with their regulator deadlines', async () => {
    const dir = workspace();
    mkdirSync(path.join(dir, '.warden'));
    const audit = auditLog({ sink: jsonlAuditSink(path.join(dir, '.warden', 'audit.jsonl')) });
    const tracker = incidentTracker({ audit, packs: ['gdpr', 'eu-ai-act'] });
    const pending: Promise<unknown>[] = [];
    const guard = threatGuard({ loopRepeats: 1, onThreat: (t) => pending.push(tracker.fromThreat(t)) });
    const call = { id: 'c1', name: 'lookup', args: { q: 'x' } };
    guard.beforeTool({ runId: 'run-7', step: 1, call });
    expect(guard.beforeTool({ runId: 'run-7', step: 2, call })?.block).toContain('policy.tool_loop');
    await Promise.all(pending);
    await tracker.open({ cause: 'injection', runId: 'run-8', detectedAt: new Date('2026-03-02T10:00:00.000Z'), conditions: ['personal_data'] });

    const listed = await runCli(['governance', 'incidents', '--workdir', dir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/inc_[0-9a-f]{16} {2}tool_loop {2}detected .* {2}run run-7/);
    expect(listed.stdout).toContain('→ 2026-03-05T10:00:00.000Z  gdpr Art. 33(1)');
    expect(listed.stdout).toContain('eu-ai-act Art. 73(2)');
    expect(listed.stdout).toContain('(if serious)');
    expect(listed.stderr).toContain('Not legal advice');
    const json = JSON.parse((await runCli(['governance', 'incidents', '--workdir', dir, '--json'])).stdout) as { open: { cause: string }[] };
    expect(json.open.map((i) => i.cause)).toEqual(['tool_loop', 'injection']);
    const none = await runCli(['governance', 'incidents', '--workdir', tempWorkspace()]);
    expect(none.stdout).toContain('No open incidents');
  });
});

describe('warden governance verify', () => {
  it('verifies a provenance manifest with only the public key, and refuses a changed result', async () => {
    const dir = tempWorkspace();
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    writeFileSync(path.join(dir, 'key.pub'), publicKey.export({ type: 'spki', format: 'pem' }));
    const manifest = provenanceManifest({ runId: 'run-1', models: ['openai:gpt-5-mini'], tools: ['refund'], policyVersion: 'sha256:00', inputs: { task: 'refund order 7' }, output: 'Refunded.' }, privateKey);
    writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
    writeFileSync(path.join(dir, 'result.txt'), 'Refunded.');
    writeFileSync(path.join(dir, 'other.txt'), 'Refunded twice.');
    const ok = await runCli(['governance', 'verify', 'manifest.json', '--public-key', 'key.pub', '--result', 'result.txt'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('verifies with this public key');
    const bad = await runCli(['governance', 'verify', 'manifest.json', '--public-key', 'key.pub', '--result', 'other.txt'], { cwd: dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('the output is not the one the manifest names');
    const usage = await runCli(['governance', 'verify', 'manifest.json'], { cwd: dir });
    expect(usage.code).toBe(2);
  });
});
