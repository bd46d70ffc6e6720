import { describe, expect, it } from 'vitest';
import { evaluateExpr } from './expr-evaluate.js';
import { parseCondition } from './expr-parser.js';

/** A small deterministic PRNG, so a failure reproduces. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const PIECES = ['args', '.', 'command', 'path', '[', ']', '0', '"x"', "'y'", '(', ')', 'and', 'or', 'not', 'in', 'matches', '"a+"', '==', '!=', '<', '>=', '-', '1.5', 'true', 'null', ',', 'len', 'lower', 'startsWith', 'tool', 'tags', '\\', '"', '=', '&', ' ', 'constructor', '__proto__'];

describe('condition language under random input', () => {
  it('never throws while parsing or evaluating, only reports', () => {
    const random = prng(20260101);
    let parsedCount = 0;
    for (let i = 0; i < 3000; i += 1) {
      const length = 1 + Math.floor(random() * 12);
      let source = '';
      for (let j = 0; j < length; j += 1) source += `${PIECES[Math.floor(random() * PIECES.length)]} `;
      const parsed = parseCondition(source);
      if (!parsed.ok) {
        expect(parsed.message.length).toBeGreaterThan(0);
        continue;
      }
      parsedCount += 1;
      const result = evaluateExpr(parsed.expr, {
        args: { command: 'x', path: ['a'] },
        tool: 'shell',
        tags: ['x'],
        annotations: {},
        tainted: true,
        mode: 'safe',
      });
      expect(typeof result.ok).toBe('boolean');
    }
    expect(parsedCount).toBeGreaterThan(10);
  });
});
