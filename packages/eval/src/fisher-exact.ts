/** ln C(n, k), exact enough for the run counts an evaluation has. */
function logChoose(n: number, k: number): number {
  let sum = 0;
  for (let i = 1; i <= k; i++) sum += Math.log(n - k + i) - Math.log(i);
  return sum;
}

/**
 * One-sided Fisher exact test on a 2×2 table of passes and failures: the probability, if both
 * samples came from one pass rate, of `current` passing this few times (`lower`) or this many
 * times (`higher`) given the passes of both together.
 */
export function fisherOneSided(baseline: { passed: number; runs: number }, current: { passed: number; runs: number }, tail: 'lower' | 'higher'): number {
  const total = baseline.runs + current.runs;
  const passes = baseline.passed + current.passed;
  const low = Math.max(0, passes - baseline.runs);
  const high = Math.min(passes, current.runs);
  const denominator = logChoose(total, current.runs);
  let p = 0;
  for (let x = low; x <= high; x++) {
    if (tail === 'lower' ? x > current.passed : x < current.passed) continue;
    p += Math.exp(logChoose(passes, x) + logChoose(total - passes, current.runs - x) - denominator);
  }
  return Math.min(1, p);
}
