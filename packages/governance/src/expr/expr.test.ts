import { PolicyError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { compileCondition } from './compile-condition.js';
import type { ExprEnv } from './expr-evaluate.js';
import { parseCondition } from './expr-parser.js';

const env: ExprEnv = {
  args: { command: 'git push origin main', path: 'src/a.ts', size: 12, list: ['a', 'b'], nested: { deep: [1, 2, 3] } },
  tool: 'shell',
  tags: ['vcs'],
  annotations: { mutating: true },
  tainted: false,
  mode: 'safe',
};

function run(source: string): unknown {
  const result = compileCondition(source).test(env);
  return result.ok ? result.value : `error: ${result.message}`;
}

describe('condition language', () => {
  it.each([
    ['tool == "shell"', true],
    ['tool != "shell"', false],
    ['args.size > 10 and args.size <= 12', true],
    ['args.size < 10 or args.size >= 13', false],
    ['not (args.size == 12)', false],
    ['not not tainted', false],
    ['"vcs" in tags', true],
    ['"x" not in tags', true],
    ['"push" in args.command', true],
    ['"path" in args', true],
    ['args.command matches "^git\\\\s+push\\\\b"', true],
    ['args.path matches "\\\\.ts$" and mode == "safe"', true],
    ['args.nested.deep[2] == 3', true],
    ['args["path"] == "src/a.ts"', true],
    ['args.missing == null', true],
    ['args.missing.deeper == null', true],
    ['args.list == ["a", "b"]', true],
    ['len(args.list) == 2', true],
    ['lower("ABC") == "abc" and upper("a") == "A"', true],
    ['startsWith(args.path, "src/") and endsWith(args.path, ".ts")', true],
    ['args.size == -3 or args.size == 12.0', true],
    ['annotations.mutating == true and annotations.readOnly == null', true],
    ['true or args.size > "x"', true],
    ['false and args.size > "x"', false],
    ["'single' == \"single\"", true],
    ['args.constructor == null and args.__proto__ == null', true],
  ])('%s → %s', (source, expected) => {
    expect(run(source)).toBe(expected);
  });

  it.each([
    ['args.size > "x"', 'compares two numbers or two strings'],
    ['args.size matches "1"', 'matches needs a string'],
    ['args.size and true', 'and needs true or false'],
    ['args.size', 'not true or false'],
    ['1 in args.command', 'in on a string needs a string'],
    ['"a" in 3', 'in needs a list'],
  ])('type mismatch %s is a failure, not a coercion', (source, message) => {
    expect(run(source)).toContain(message);
  });

  it.each([
    ['tool = "shell"', 'use =='],
    ['tool == "shell" && true', 'use the words'],
    ['process.exit(1) == 1', 'unknown name process'],
    ['eval("1") == 1', 'unknown function eval'],
    ['constructor == 1', 'unknown name constructor'],
    ['tool ==', 'ends too early'],
    ['(tool == "a"', 'expected ")"'],
    ['tool == "a" tool', 'unexpected'],
    ['"open', 'not closed'],
    ['"bad \\q"', 'unknown escape'],
    ['args.x matches args.y', 'string literal'],
    ['args.x matches "("', 'invalid regular expression'],
    ['args.x matches "(a+)+$"', 'nests quantifiers'],
    ['args.x matches "(a|aa)*"', 'nests quantifiers'],
    ['args.x matches "(a)\\\\1"', 'back-references'],
    ['startsWith("a") == true', 'takes 2 arguments'],
    ['12abc == 1', 'runs into a name'],
    ['args[1.5] == 1', 'whole number'],
  ])('refuses %s at parse time', (source, message) => {
    const parsed = parseCondition(source);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain(message);
  });

  it('bounds length and depth', () => {
    expect(parseCondition(`tool == "${'a'.repeat(5000)}"`).ok).toBe(false);
    const deep = `${'('.repeat(40)}true${')'.repeat(40)}`;
    const parsed = parseCondition(deep);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toContain('nest at most');
    expect(parseCondition(`${'not '.repeat(40)}true`).ok).toBe(false);
  });

  it('refuses matches on oversized input instead of scanning it', () => {
    const big = compileCondition('args.text matches "x"').test({ ...env, args: { text: 'a'.repeat(70_000) } });
    expect(big.ok).toBe(false);
  });

  it('throws a PolicyError with the column for a bad condition', () => {
    try {
      compileCondition('tool == ');
      expect.unreachable();
    } catch (error) {
      expect(PolicyError.isInstance(error)).toBe(true);
      expect((error as PolicyError).code).toBe('policy.invalid');
      expect((error as PolicyError).message).toContain('column 9');
    }
  });
});
