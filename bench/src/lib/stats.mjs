// Small, exact statistics over arrays of numbers (no interpolation surprises).
export function sorted(values) {
  return [...values].sort((a, b) => a - b);
}

export function median(values) {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Nearest-rank percentile, p in (0, 100]. */
export function percentile(values, p) {
  if (values.length === 0) return NaN;
  const s = sorted(values);
  const rank = Math.min(s.length, Math.max(1, Math.ceil((p / 100) * s.length)));
  return s[rank - 1];
}

export function summary(values) {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), n: values.length };
}

export function round(value, digits = 3) {
  if (!Number.isFinite(value)) return value;
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}
