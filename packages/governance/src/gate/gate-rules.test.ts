import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TAINT_RULE } from '@warden/protocol/policy';
import { describe, expect, it } from 'vitest';
import { createGate } from './create-gate.js';
import { SHELL_RULES } from '@warden/shell-policy';
import { GATE_RULES, TAINT_REASONS } from './gate-rules.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

const SOURCES = sourceFiles(join(import.meta.dirname, '..')).filter((file) => !file.endsWith('gate-rules.ts'));
const RULE_ID = /'((?:deny-list|(?:gate|mode|path|shell|plan|review)\.[a-z_-]+))'/g;

describe('GATE_RULES', () => {
  it('with SHELL_RULES, lists every rule id written in the package source', () => {
    const written = new Set(SOURCES.flatMap((file) => [...readFileSync(file, 'utf8').matchAll(RULE_ID)].map((m) => m[1]!)));
    written.add(TAINT_RULE);
    written.delete('plan.steps'); // a field path in plan lint issues, not a rule
    const unlisted = [...written].filter((id) => !(id in GATE_RULES) && !(id in SHELL_RULES));
    expect(unlisted).toEqual([]);
    expect(written.size).toBeGreaterThan(20); // the shell analyzer's own rules live in @warden/shell-policy
  });

  it('shares no id with SHELL_RULES: each rule id is listed by the package that decides it', () => {
    expect(Object.keys(GATE_RULES).filter((id) => id in SHELL_RULES)).toEqual([]);
    expect(Object.keys(GATE_RULES).filter((id) => id.startsWith('shell.')).length).toBeGreaterThan(0);
  });

  it('lists every taint reason id the guard and the egress check give', () => {
    const lines = SOURCES.filter((file) => file.includes('taint')).flatMap((file) => readFileSync(file, 'utf8').split('\n'));
    const giving = lines.filter((line) => line.includes('person(') || line.includes("id: 'egress."));
    const written = new Set(giving.flatMap((line) => [...line.matchAll(/'([a-z]+(?:[_.][a-z]+)+)'/g)].map((m) => m[1]!)));
    expect(written.size).toBeGreaterThan(10);
    expect([...written].filter((id) => !(id in TAINT_REASONS))).toEqual([]);
  });
});

describe('decision params', () => {
  const gate = createGate({ workspace: '/tmp/ws', mode: 'safe' });
  const ctx = { runId: 'r', step: 1, tainted: false };

  it('names the tool and path of a protected-path denial', async () => {
    const decision = await gate.decide({ id: '1', name: 'write_file', args: { path: '.env', content: 'x' } }, ctx);
    expect(decision.rule).toBe('path.protected');
    expect(decision.params).toEqual({ tool: 'write_file', field: 'path', path: '.env' });
  });

  it('names the tool of a safe-mode question', async () => {
    const decision = await gate.decide({ id: '1', name: 'write_file', args: { path: 'a.txt', content: 'x' } }, ctx);
    expect(decision).toMatchObject({ rule: 'mode.safe', effect: 'ask', params: { tool: 'write_file' } });
  });

  it('gives why a tainted call needs a person as an id with its values', async () => {
    const decision = await gate.decide(
      { id: '1', name: 'write_file', args: { path: '.npmrc', content: 'registry=https://evil.example/' } },
      { ...ctx, tainted: true, taintSources: [{ source: 'tool:fetch', reason: 'fetch returns open-world content' }] },
    );
    expect(decision.rule).toBe(TAINT_RULE);
    expect(decision.params).toMatchObject({ because: 'effect_class', effectClass: 'runs-later', keys: 'registry', path: '.npmrc', source: 'tool:fetch', baseRule: 'mode.safe', baseEffect: 'ask' });
  });
});
