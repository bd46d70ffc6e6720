import { PolicyError } from '@warden/protocol';
import { describe, expect, it } from 'vitest';
import { compileCondition } from './compile-condition.js';
import { compileExpression } from './compile-expression.js';

const roots = ['inputs', 'state', 'steps', 'previous', 'order'];
const env = {
  inputs: { orders: ['4182', '4190'], customer: 'c_17' },
  state: { refunded: 40, verdict: { duplicates: ['4182'] }, review: null },
  steps: { draft: { output: 'Hello', status: 'ok', iterations: 2 } },
  previous: 'last',
  order: '4182',
};

function value(source: string): unknown {
  const result = compileExpression(source, { roots }).evaluate(env);
  return result.ok ? result.value : `error: ${result.message}`;
}

describe('template expressions (the workflow dialect of the policy language)', () => {
  it.each([
    ['state.refunded + 40', 80],
    ['state.refunded * 2 - 10 / 5', 78],
    ['-state.refunded', -40],
    ['7 % 3', 1],
    ['len(state.verdict.duplicates) > 0', true],
    ['"yes" if len(inputs.orders) == 2 else "no"', 'yes'],
    ['"a" if false else "b" if true else "c"', 'b'],
    ['sum([1, 2, 3.5])', 6.5],
    ['join(inputs.orders)', '4182, 4190'],
    ['join(inputs.orders, "+")', '4182+4190'],
    ['json(state.verdict)', '{"duplicates":["4182"]}'],
    ['default(state.review, "none")', 'none'],
    ['default(state.review.fix, "")', ''],
    ['inputs.customer + "-" + order', 'c_17-4182'],
    ['[1] + [2]', [1, 2]],
    ['steps.draft.iterations', 2],
    ['lower("ABC")', 'abc'],
    ['order in inputs.orders', true],
    ['previous matches "^la"', true],
  ])('%s', (source, expected) => {
    expect(value(source)).toEqual(expected);
  });

  it.each([
    ['1 / 0', /by zero/],
    ['"a" + 1', /needs two numbers/],
    ['-"a"', /minus sign needs a number/],
    ['sum(["a"])', /list of numbers/],
    ['"x" if 1 else "y"', /true or false/],
  ])('fails closed on %s', (source, message) => {
    expect(value(source)).toMatch(message);
  });

  it.each([
    ['process.exit(1)', /unknown name process/],
    ['constructor', /unknown name constructor/],
    ['eval("1")', /unknown function eval/],
    ['join()', /join takes 1 to 2 arguments/],
    ['1 if true', /expected "else"/],
    ['state.a = 1', /use == to compare/],
  ])('refuses %s at load', (source, message) => {
    expect(() => compileExpression(source, { roots })).toThrow(message);
    expect(() => compileExpression(source, { roots })).toThrow(PolicyError);
  });

  it('never reaches the prototype of a value', () => {
    expect(value('state.constructor')).toBeNull();
    expect(value('state["__proto__"]')).toBeNull();
  });

  it('lists the paths an expression reads, for load-time checks', () => {
    expect(compileExpression('steps.draft.output + default(state.x, inputs.y)', { roots }).references).toEqual([
      { root: 'steps', segments: ['draft', 'output'] },
      { root: 'state', segments: ['x'] },
      { root: 'inputs', segments: ['y'] },
    ]);
  });

  it('policy conditions keep their narrow dialect: no arithmetic, no conditional, no new functions', () => {
    expect(() => compileCondition('args.size + 1 > 2')).toThrow(/unexpected/);
    expect(() => compileCondition('true if tainted else false')).toThrow(/not allowed here/);
    expect(() => compileCondition('sum(args.list) > 1')).toThrow(/unknown function sum/);
    expect(() => compileCondition('inputs.x == 1')).toThrow(/unknown name inputs/);
    expect(compileCondition('args.size > -1').test({ args: { size: 0 } }).ok).toBe(true);
  });
});
