/** Nearest-rank percentile of sorted values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  let result = 1;
  for (let i = 1; i <= k; i++) result = (result * (n - k + i)) / i;
  return result;
}

/**
 * pass^k estimated from c passes in n runs: C(c, k) / C(n, k), the chance that
 * k runs drawn from these all pass. Reported for k = 1..min(n, 10).
 */
export function passHatK(passes: number, runs: number): Record<string, number> {
  const out: Record<string, number> = {};
  for (let k = 1; k <= Math.min(runs, 10); k++) out[String(k)] = choose(runs, k) === 0 ? 0 : choose(passes, k) / choose(runs, k);
  return out;
}
