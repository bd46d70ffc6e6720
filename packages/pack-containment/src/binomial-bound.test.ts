import { describe, expect, it } from 'vitest';
import { binomialCdf, clopperPearsonUpper } from './binomial-bound.js';

describe('clopperPearsonUpper', () => {
  it('is 1 − 0.025^(1/n) for no successes (a little above the rule of three)', () => {
    for (const n of [30, 100, 360]) {
      const exact = 1 - 0.025 ** (1 / n);
      expect(clopperPearsonUpper(0, n)).toBeGreaterThanOrEqual(exact);
      expect(clopperPearsonUpper(0, n)).toBeLessThan(exact + 0.0002);
      expect(clopperPearsonUpper(0, n)).toBeGreaterThan(3 / n);
    }
  });

  it('matches published exact bounds', () => {
    // Two-sided 95% Clopper–Pearson upper limits (R: binom.test(x, n)$conf.int[2]).
    expect(clopperPearsonUpper(1, 100)).toBeCloseTo(0.0545, 3);
    expect(clopperPearsonUpper(5, 50)).toBeCloseTo(0.2181, 3);
    expect(clopperPearsonUpper(6, 36)).toBeCloseTo(0.328, 2);
  });

  it('is 1 when every trial succeeded or nothing was tried', () => {
    expect(clopperPearsonUpper(10, 10)).toBe(1);
    expect(clopperPearsonUpper(0, 0)).toBe(1);
  });

  it('computes binomial probabilities', () => {
    expect(binomialCdf(0, 10, 0.5)).toBeCloseTo(1 / 1024, 8);
    expect(binomialCdf(10, 10, 0.3)).toBeCloseTo(1, 10);
  });
});
