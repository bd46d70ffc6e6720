import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PolicyError } from '@warden/protocol';
import { afterAll, describe, expect, it } from 'vitest';
import { definePolicy, loadPolicyFile, parsePolicy } from './load-policy.js';
import { mergePolicies } from './merge-policies.js';

const dir = mkdtempSync(join(tmpdir(), 'warden-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function failure(fn: () => unknown): PolicyError {
  try {
    fn();
  } catch (error) {
    if (PolicyError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a PolicyError');
}

const GOOD_YAML = `version: 1
mode: safe
denyList: [mcp__prod__*]
rules:
  - id: no-terraform-apply
    tool: shell
    when: 'args.command matches "^terraform\\\\s+apply"'
    effect: deny
    reason: infrastructure changes go through CI
    examples:
      deny:
        - args: { command: terraform apply -auto-approve }
      allow:
        - args: { command: terraform plan }
  - id: ask-big-writes
    tool: [write_file, edit_file]
    when: len(args.content) > 10000
    effect: ask
taint:
  allowHosts: [registry.npmjs.org]
`;

describe('parsePolicy', () => {
  it('loads YAML with rules, conditions and passing examples', () => {
    const policy = parsePolicy(GOOD_YAML, { source: 'policy.yaml' });
    expect(policy.mode).toBe('safe');
    expect(policy.rules.map((r) => r.name)).toEqual(['policy.no-terraform-apply', 'policy.ask-big-writes']);
    expect(policy.rules[0]?.location).toBe('policy.yaml:5');
    expect(policy.taint.allowHosts).toEqual(['registry.npmjs.org']);
    expect(policy.denyList).toEqual(['mcp__prod__*']);
  });

  it('loads the same policy as JSON', () => {
    const json = JSON.stringify({ rules: [{ id: 'r', tool: 'shell', when: 'args.command == "x"', effect: 'deny', examples: { deny: [{ args: { command: 'x' } }] } }] }, null, 2);
    const policy = parsePolicy(json, { source: 'p.json' });
    expect(policy.rules).toHaveLength(1);
  });

  it.each([
    ['rules:\n  - id: a\n    effect: maybe\n', 'policy.yaml:3: rules[0].effect'],
    ['rules:\n  - id: a\n    effect: deny\n    colour: red\n', 'policy.yaml:4: rules[0].colour: unknown key "colour"'],
    ['mode: safe\nrules:\n  - effect: deny\n', 'policy.yaml:3: rules[0].id'],
    ['mode: turbo\n', 'policy.yaml:1: mode'],
    ['verison: 1\n', 'unknown key "verison"'],
    ['rules:\n  - id: a\n    effect: deny\n    when: "args.x = 1"\n', 'policy.yaml:4: rules[0].when: invalid condition at column 8: use =='],
    ['rules:\n  - id: a\n    effect: deny\n  - id: a\n    effect: ask\n', 'is used twice'],
    ['rules: [\n', 'policy.yaml:'],
    ['mode: safe\nmode: yolo\n', 'policy.yaml:2'],
  ])('reports line and field: %j', (text, expected) => {
    const error = failure(() => parsePolicy(text, { source: 'policy.yaml' }));
    expect(error.code).toBe('policy.invalid');
    expect(error.message).toContain(expected);
    expect(error.hint).toBeTruthy();
  });

  it('reports JSON syntax errors with a line', () => {
    const error = failure(() => parsePolicy('{\n  "rules": [\n    {"id": "a",}\n  ]\n}', { source: 'p.json' }));
    expect(error.message).toMatch(/^p\.json:3: not valid JSON/);
  });

  it('refuses a policy whose examples do not hold, naming the example', () => {
    const text = `rules:
  - id: no-rm
    tool: shell
    when: '"rm" in args.command'
    effect: deny
    examples:
      deny:
        - args: { command: "rm -rf build" }
        - args: { command: "unlink build" }
`;
    const error = failure(() => parsePolicy(text, { source: 'p.yaml' }));
    expect(error.code).toBe('policy.example_failed');
    expect(error.message).toContain('p.yaml:9');
    expect(error.message).toContain('rule "no-rm" example deny[1]');
    expect(error.message).toContain('unlink build');
    expect(error.message).toContain('should be matched');
  });

  it('refuses an allow example the rule matches, and examples the condition cannot evaluate', () => {
    const text = `rules:
  - id: big
    tool: upload
    when: args.size > 10
    effect: ask
    examples:
      allow: [{ args: { size: 50 } }]
`;
    expect(failure(() => parsePolicy(text)).message).toContain('is listed under allow but the rule (effect ask) matches it');
    const typeError = text.replace('size: 50', 'size: "50"');
    expect(failure(() => parsePolicy(typeError)).message).toContain('could not be evaluated');
  });

  it('asks for a tool in examples of rules that match several tools', () => {
    const text = 'rules:\n  - id: r\n    tool: "write_*"\n    effect: deny\n    examples:\n      deny: [{ args: {} }]\n';
    expect(failure(() => parsePolicy(text)).message).toContain('needs a "tool"');
  });

  it('survives alias bombs and oversized files', () => {
    const bomb = `a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n`;
    expect(failure(() => parsePolicy(bomb)).code).toBe('policy.invalid');
    expect(failure(() => parsePolicy(`# ${'x'.repeat(1024 * 1024 + 1)}`)).message).toContain('at most');
  });

  it('reads files and names them', async () => {
    const file = join(dir, 'policy.yml');
    writeFileSync(file, GOOD_YAML);
    expect((await loadPolicyFile(file)).source).toBe(file);
    await expect(loadPolicyFile(join(dir, 'missing.yml'))).rejects.toMatchObject({ code: 'policy.invalid' });
  });

  it('validates policies given as values', () => {
    expect(definePolicy({ rules: [{ id: 'r', effect: 'deny' }] }).rules).toHaveLength(1);
    expect(failure(() => definePolicy({ rules: [{ id: 'r' }] })).message).toContain('rules[0].effect');
  });
});

describe('mergePolicies', () => {
  it('lets workspace policies tighten and never loosen', () => {
    const user = parsePolicy('mode: yolo\nrules:\n  - id: ok\n    effect: allow\ntaint:\n  allowHosts: [github.com]\n');
    const ws = parsePolicy(
      'mode: read-only\ndenyList: [deploy]\nprotectedPaths: [secrets]\nrules:\n  - id: sneaky\n    effect: allow\n  - id: careful\n    effect: ask\ntaint:\n  allowHosts: [evil.example]\n  guardTools: [upload_*]\n',
      { origin: 'workspace', source: 'ws.yaml' },
    );
    const { policy, warnings } = mergePolicies([user, ws]);
    expect(policy.mode).toBe('yolo');
    expect(policy.maxMode).toBe('read-only');
    expect(policy.rules.map((r) => r.name)).toEqual(['policy.ok', 'workspace-policy.careful']);
    expect(policy.taint.allowHosts).toEqual(['github.com']);
    expect(policy.taint.guardTools).toEqual(['upload_*']);
    expect(policy.denyList).toEqual(['deploy']);
    expect(policy.protectedPaths).toEqual(['secrets']);
    expect(warnings).toHaveLength(2);
    expect(warnings.join('\n')).toContain('"sneaky" ignored');
  });
});
