/** The check-digit algorithms the national identifiers and tax numbers use (pure arithmetic, no I/O). */

export { luhnValid } from '../guardrails/pii.js';

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** Verhoeff (dihedral group D5): catches every single-digit error and every adjacent swap. Aadhaar uses it. */
export function verhoeffValid(digits: string): boolean {
  let c = 0;
  for (let i = 0; i < digits.length; i += 1) {
    const d = digits.charCodeAt(digits.length - 1 - i) - 48;
    c = (VERHOEFF_D[c] as number[])[(VERHOEFF_P[i % 8] as number[])[d] as number] as number;
  }
  return c === 0;
}

/** Σ digit × weight over the first `weights.length` digits. */
export function weightedSum(digits: string, weights: readonly number[]): number {
  let sum = 0;
  weights.forEach((w, i) => {
    sum += (digits.charCodeAt(i) - 48) * w;
  });
  return sum;
}

/** ISO 7064 MOD 11,10 (German USt-IdNr.): the last digit checks the ones before it. */
export function iso7064Mod11Mod10Valid(digits: string): boolean {
  let product = 10;
  for (let i = 0; i < digits.length - 1; i += 1) {
    let sum = (digits.charCodeAt(i) - 48 + product) % 10;
    if (sum === 0) sum = 10;
    product = (2 * sum) % 11;
  }
  const check = (11 - product) % 10;
  return check === digits.charCodeAt(digits.length - 1) - 48;
}

/** The remainder of a long decimal string modulo `m`, without overflowing. */
export function decimalMod(digits: string, m: number): number {
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + (ch.charCodeAt(0) - 48)) % m;
  return rest;
}

/** True when `s` is only ASCII digits. */
export const allDigits = (s: string): boolean => /^\d+$/.test(s);
