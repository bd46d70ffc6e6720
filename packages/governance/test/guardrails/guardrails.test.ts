import { assistantText } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { guardrails } from '../../src/guardrails/guardrails.js';

const runId = 'run-1';
const answer = (text: string, costUsd?: number) => ({ runId, step: 1, final: true, response: { message: assistantText(text), ...(costUsd === undefined ? {} : { costUsd }) } });
const toolRan = (name: string) => ({ runId, call: { name }, status: 'ok', isError: false });

describe('guardrails', () => {
  it('blocks forbidden tools before they run (globs allowed)', () => {
    const g = guardrails({ forbidTools: ['shell', 'mcp_*'] });
    expect(g.beforeTool({ runId, step: 0, call: { id: 'c1', name: 'shell' } })).toEqual({ block: 'The tool "shell" is not allowed in this run.' });
    expect(g.beforeTool({ runId, step: 0, call: { id: 'c2', name: 'mcp_github_push' } })?.block).toContain('mcp_github_push');
    expect(g.beforeTool({ runId, step: 0, call: { id: 'c3', name: 'read_file' } })).toBeUndefined();
    expect(g.violations(runId).map((v) => v.rule)).toEqual(['guardrail.forbid_tool', 'guardrail.forbid_tool']);
  });

  it('asks for another turn in plain words, bounded by maxRetries', () => {
    const g = guardrails({ requireTools: ['run_tests'], mustInclude: ['Summary'], noPlaceholders: true, maxRetries: 1 });
    const first = g.afterModel(answer('Done. TODO: write tests'));
    expect(first?.retry).toContain('You have not used the required tool "run_tests"');
    expect(first?.retry).toContain('The answer must include "Summary"');
    expect(first?.retry).toContain('TODO/FIXME');
    expect(g.afterModel(answer('Still TODO'))).toBeUndefined();
    expect(g.violations(runId).map((v) => v.rule)).toEqual(['guardrail.require_tool', 'guardrail.must_include', 'guardrail.placeholder']);
  });

  it('accepts an answer that meets every rule', () => {
    const g = guardrails({ requireTools: ['run_tests'], mustInclude: [/summary/i], noPlaceholders: true, pii: true });
    expect(g.afterModel({ ...answer('not final'), final: false })).toBeUndefined();
    g.afterTool(toolRan('run_tests'));
    expect(g.afterModel(answer('Summary: all 12 tests pass.'))).toBeUndefined();
    expect(g.violations(runId)).toEqual([]);
  });

  it('does not count failed tool calls as used', () => {
    const g = guardrails({ requireTools: ['run_tests'], onViolation: 'warn' });
    g.afterTool({ runId, call: { name: 'run_tests' }, status: 'error', isError: true });
    g.afterModel(answer('done'));
    expect(g.violations(runId)[0]?.rule).toBe('guardrail.require_tool');
  });

  it('reports personal data without repeating it', () => {
    const g = guardrails({ pii: true, onViolation: 'warn' });
    expect(g.afterModel(answer('Reach Ada at ada@example.com or 4111 1111 1111 1111'))).toBeUndefined();
    const [v] = g.violations(runId);
    expect(v?.rule).toBe('guardrail.pii');
    expect(v?.message).toContain('1 card number');
    expect(v?.message).toContain('1 email address');
    expect(v?.message).not.toContain('ada@example.com');
  });

  it('throws a PolicyError on fail', () => {
    const g = guardrails({ mustInclude: ['DONE'], onViolation: 'fail' });
    expect(() => g.afterModel(answer('nothing'))).toThrowError(expect.objectContaining({ code: 'policy.guardrail_violation' }));
    expect(g.violations(runId)).toHaveLength(1);
  });

  it('does not retry past the cost limit', () => {
    const g = guardrails({ maxCostUsd: 0.01, mustInclude: ['x'] });
    g.afterModel({ ...answer('step', 0.02), final: false });
    expect(g.afterModel(answer('final'))).toBeUndefined();
    expect(g.violations(runId).map((v) => v.rule)).toEqual(['guardrail.must_include', 'guardrail.max_cost']);
  });

  it('keeps runs apart', () => {
    const g = guardrails({ mustInclude: ['ok'], onViolation: 'warn' });
    g.afterModel({ ...answer('no'), runId: 'a' });
    g.afterModel({ ...answer('ok'), runId: 'b' });
    expect(g.violations('a')).toHaveLength(1);
    expect(g.violations('b')).toHaveLength(0);
    expect(g.violations()).toHaveLength(1);
  });

  it('checks a finished result and attaches violations', () => {
    const g = guardrails({ requireTools: ['grep'], forbidTools: ['shell'], mustInclude: ['Result'], maxCostUsd: 1 });
    const result = { runId: 'r', output: 'Result: 3', toolCalls: [{ name: 'shell', status: 'ok' }], costUsd: 2 };
    expect(g.check(result).map((v) => v.rule)).toEqual(['guardrail.forbid_tool', 'guardrail.require_tool', 'guardrail.max_cost']);
    expect(g.withViolations(result).violations).toHaveLength(3);
    expect(g.check({ output: 'Result', toolCalls: [{ name: 'grep', status: 'ok' }] })).toEqual([]);
  });

  it('refuses unknown and invalid options with config errors', () => {
    expect(() => guardrails({ requireTool: ['x'] } as never)).toThrowError(expect.objectContaining({ code: 'config.unknown_key' }));
    expect(() => guardrails({ onViolation: 'explode' } as never)).toThrowError(expect.objectContaining({ code: 'config.invalid' }));
    expect(() => guardrails({ maxRetries: -1 })).toThrowError(expect.objectContaining({ code: 'config.invalid' }));
  });
});
