import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineSuite, EvalError, loadResults, loadSuite, parseSuite, observeRun, taskChecks } from '../src/index.js';

function problem(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(EvalError.isInstance(error)).toBe(true);
    return `${(error as EvalError).code} ${(error as EvalError).message}`;
  }
  throw new Error('expected an EvalError');
}

describe('suites', () => {
  it('a file names its suite after itself unless it says otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'warden-eval-file-'));
    try {
      writeFileSync(join(dir, 'billing.eval.json'), JSON.stringify({ tasks: [{ id: 'a', input: 'x', expect: { contains: 'y' } }] }));
      expect((await loadSuite(join(dir, 'billing.eval.json'))).name).toBe('billing');
      const missing = await loadSuite(join(dir, 'nope.yaml')).catch((e: unknown) => e);
      expect((missing as EvalError).code).toBe('eval.invalid_suite');
      writeFileSync(join(dir, 'base.json'), '{"version": 2}');
      expect(((await loadResults(join(dir, 'base.json')).catch((e: unknown) => e)) as EvalError).code).toBe('eval.invalid_results');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('every problem at once: unknown keys, duplicates, empty expectations, bad expressions', () => {
    const text = ['tasks:', '  - {id: a, input: x, expect: {contain: y}}', '  - {id: a, input: x, expect: {}}', '  - {id: b, input: x, expect: {matches: "(", toolCalled: [{name: t, argsMatch: {q: "["}}]}}'].join('\n');
    const message = problem(() => parseSuite(text));
    expect(message).toContain('eval.invalid_suite');
    expect(message).toContain('tasks.0.expect');
    expect(message).toContain('contain');
    const shaped = problem(() => parseSuite(text.replace('contain:', 'contains:')));
    expect(shaped).toContain('"a" is declared twice');
    expect(shaped).toContain('tasks.a.expect: expects nothing');
    expect(shaped).toContain('tasks.b.expect.matches: "(" is not a regular expression');
    expect(shaped).toContain('tasks.b.expect.argsMatch: "[" is not a regular expression');
    expect(problem(() => parseSuite('tasks: [unclosed'))).toContain('not valid YAML or JSON');
    expect(problem(() => defineSuite({ tasks: [{ id: 'bad id', input: 'x', expect: { contains: 'y' } }] }))).toContain('tasks.0.id');
  });

  it('each expectation reads the run it is given', () => {
    const suite = defineSuite({
      tasks: [
        {
          id: 't',
          input: 'x',
          expect: { contains: ['42'], notContains: 'sorry', matches: '^\\{', toolCalled: ['search', { name: 'fetch', argsMatch: { url: '^https://' } }], toolNotCalled: ['shell'], maxSteps: 2, maxCostUsd: 0.01, outputSchema: { type: 'object', properties: { answer: { type: 'number' } }, required: ['answer'] } },
        },
      ],
    });
    const run = observeRun([
      { type: 'run_start', runId: 'r', at: '', sessionId: 's1', task: 'x', provider: 'p', model: 'm' },
      { type: 'tool_call', runId: 'r', at: '', step: 1, callId: 'c1', name: 'search', args: { q: 'a' } },
      { type: 'tool_result', runId: 'r', at: '', step: 1, callId: 'c1', name: 'search', status: 'ok', isError: false, content: [], durationMs: 1 },
      { type: 'tool_call', runId: 'r', at: '', step: 2, callId: 'c2', name: 'shell', args: { command: 'ls' } },
      { type: 'tool_result', runId: 'r', at: '', step: 2, callId: 'c2', name: 'shell', status: 'denied', isError: true, content: [], durationMs: 0 },
      { type: 'run_end', runId: 'r', at: '', stopReason: 'done', output: '{"answer": 42}', steps: 3, usage: { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 }, costUsd: 0.02 },
    ] as never);
    expect(run.sessionId).toBe('s1');
    const checks = taskChecks(suite.tasks[0]!, run);
    expect(checks.map((c) => `${c.passed ? 'pass' : 'FAIL'} ${c.message}`)).toEqual([
      'pass the run ends done',
      'pass the answer contains "42"',
      'pass the answer does not contain "sorry"',
      'pass the answer matches /^\\{/',
      'pass search was called and ran',
      'FAIL fetch(url~/^https:///) was called and ran',
      'FAIL shell was never asked for',
      'FAIL at most 2 steps',
      'FAIL at most $0.01 spent',
      'pass the answer matches the output schema',
    ]);
  });
});
