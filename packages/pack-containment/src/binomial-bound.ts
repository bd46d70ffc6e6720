/** ln Γ(x) (Lanczos approximation, |error| < 1e-10 for x > 0). */
function logGamma(x: number): number {
  const g = 7;
  const c = [0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x);
  const z = x - 1;
  let a = c[0] as number;
  const t = z + g + 0.5;
  for (let i = 1; i < g + 2; i++) a += (c[i] as number) / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}

/** P(X ≤ k) for X ~ Binomial(n, p). */
export function binomialCdf(k: number, n: number, p: number): number {
  if (p <= 0) return 1;
  if (p >= 1) return k >= n ? 1 : 0;
  let sum = 0;
  for (let i = 0; i <= k; i++) {
    const logTerm = logGamma(n + 1) - logGamma(i + 1) - logGamma(n - i + 1) + i * Math.log(p) + (n - i) * Math.log(1 - p);
    sum += Math.exp(logTerm);
  }
  return Math.min(1, sum);
}

/**
 * The upper end of the exact (Clopper–Pearson) two-sided 95% confidence interval for a rate of
 * `successes` in `trials`: the p at which seeing `successes` or fewer has probability 2.5%. For 0
 * successes it is 1 − 0.025^(1/n) ≈ 3.7/n (a little above the rule of three's 3/n, which is the
 * one-sided bound). Rounded up to 4 decimals.
 */
export function clopperPearsonUpper(successes: number, trials: number): number {
  if (trials === 0) return 1;
  if (successes >= trials) return 1;
  let lo = successes / trials;
  let hi = 1;
  for (let i = 0; i < 80; i++) {
    const mid = (lo + hi) / 2;
    if (binomialCdf(successes, trials, mid) > 0.025) lo = mid;
    else hi = mid;
  }
  return Math.ceil(hi * 10_000) / 10_000;
}
