import { decimalMod, iso7064Mod11Mod10Valid, luhnValid, weightedSum } from './check-digits.js';

/**
 * EU VAT identification numbers, each country by its own check rule (the national tax
 * administrations' published algorithms, as VIES applies them). A number from a country not
 * listed here is not recognised: a shape without a check would be a guess.
 */
const VAT_CHECKS: Record<string, (body: string) => boolean> = {
  AT: (b) => {
    // ATU + 8 digits: Luhn-style over the first 7, offset by 4.
    if (!/^U\d{8}$/.test(b)) return false;
    const d = b.slice(1);
    let s = 0;
    for (let i = 0; i < 7; i += 1) {
      const n = d.charCodeAt(i) - 48;
      s += i % 2 === 1 ? Math.floor((2 * n) / 10) + ((2 * n) % 10) : n;
    }
    return (10 - ((s + 4) % 10)) % 10 === d.charCodeAt(7) - 48;
  },
  BE: (b) => /^[01]\d{9}$/.test(b) && 97 - (Number(b.slice(0, 8)) % 97) === Number(b.slice(8)),
  DE: (b) => /^[1-9]\d{8}$/.test(b) && iso7064Mod11Mod10Valid(b),
  DK: (b) => /^[1-9]\d{7}$/.test(b) && weightedSum(b, [2, 7, 6, 5, 4, 3, 2, 1]) % 11 === 0,
  ES: (b) => /^\d{8}[A-Z]$/.test(b) && 'TRWAGMYFPDXBNJZSQVHLCKE'[Number(b.slice(0, 8)) % 23] === b[8],
  FI: (b) => {
    if (!/^\d{8}$/.test(b)) return false;
    const r = weightedSum(b, [7, 9, 10, 5, 8, 4, 2]) % 11;
    return r !== 1 && (r === 0 ? 0 : 11 - r) === Number(b[7]);
  },
  FR: (b) => /^\d{11}$/.test(b) && (12 + 3 * decimalMod(b.slice(2), 97)) % 97 === Number(b.slice(0, 2)),
  IT: (b) => /^\d{11}$/.test(b) && luhnValid(b) && Number(b.slice(7, 10)) >= 1,
  LU: (b) => /^\d{8}$/.test(b) && Number(b.slice(0, 6)) % 89 === Number(b.slice(6)),
  NL: (b) => {
    const m = /^(\d{9})B\d{2}$/.exec(b);
    if (!m) return false;
    const d = m[1] as string;
    return weightedSum(d, [9, 8, 7, 6, 5, 4, 3, 2]) % 11 === Number(d[8]) || decimalMod(`2321${d}11${b.slice(10)}`, 97) === 1;
  },
  PL: (b) => {
    if (!/^\d{10}$/.test(b)) return false;
    const r = weightedSum(b, [6, 5, 7, 2, 3, 4, 5, 6, 7]) % 11;
    return r !== 10 && r === Number(b[9]);
  },
  PT: (b) => {
    if (!/^[1-9]\d{8}$/.test(b)) return false;
    const c = 11 - (weightedSum(b, [9, 8, 7, 6, 5, 4, 3, 2]) % 11);
    return (c > 9 ? 0 : c) === Number(b[8]);
  },
  SE: (b) => /^\d{10}01$/.test(b) && luhnValid(b.slice(0, 10)),
};

/** The countries whose VAT numbers are recognised. */
export const EU_VAT_COUNTRIES: readonly string[] = Object.keys(VAT_CHECKS);

/** True for a VAT number (country prefix, body, spaces/dots/dashes ignored) that passes its country's check. */
export function euVatValid(value: string): boolean {
  const compact = value.toUpperCase().replace(/[ .-]/g, '');
  const check = VAT_CHECKS[compact.slice(0, 2)];
  return check !== undefined && check(compact.slice(2));
}
