// One reported figure: what was measured, its distribution, and (for loop drivers) the
// ratio to the reference. `notMeasured` carries the reason when a figure could not be taken.
import { round, summary } from './stats.mjs';

export function figure(id, label, unit, samples, extra = {}) {
  const s = summary(samples);
  return { id, label, unit, median: round(s.median, 4), min: round(s.min, 4), max: round(s.max, 4), n: s.n, samples: samples.map((v) => round(v, 4)), ...extra };
}

/** A single-valued figure (a size, a count). */
export function single(id, label, unit, value, extra = {}) {
  return { id, label, unit, median: round(value, 4), min: round(value, 4), max: round(value, 4), n: 1, samples: [round(value, 4)], ...extra };
}

export function notMeasured(id, label, unit, reason) {
  return { id, label, unit, notMeasured: reason };
}
