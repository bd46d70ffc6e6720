import { allDigits, luhnValid, verhoeffValid, weightedSum } from './check-digits.js';

/** Aadhaar (India, UIDAI): 12 digits, never starting 0 or 1, the last a Verhoeff check digit. */
export function aadhaarValid(value: string): boolean {
  const digits = value.replace(/[ -]/g, '');
  return digits.length === 12 && allDigits(digits) && /^[2-9]/.test(digits) && verhoeffValid(digits);
}

const NRIC_WEIGHTS = [2, 7, 6, 5, 4, 3, 2];
const NRIC_CITIZEN = 'JZIHGFEDCBA';
const NRIC_FOREIGNER = 'XWUTRQPNMLK';

/**
 * Singapore NRIC/FIN: S/T (citizens and PRs, born before/after 2000) and F/G (foreigners), seven
 * digits and a check letter from the weighted sum mod 11 (T and G add 4). The 2022 M-series FIN
 * uses a different table and is not recognised.
 */
export function sgNricValid(value: string): boolean {
  const m = /^([STFG])(\d{7})([A-Z])$/.exec(value.toUpperCase());
  if (!m) return false;
  const [, prefix, digits, letter] = m as unknown as [string, string, string, string];
  const sum = weightedSum(digits, NRIC_WEIGHTS) + (prefix === 'T' || prefix === 'G' ? 4 : 0);
  const table = prefix === 'S' || prefix === 'T' ? NRIC_CITIZEN : NRIC_FOREIGNER;
  return table[sum % 11] === letter;
}

/** Emirates ID (UAE): 784-YYYY-NNNNNNN-C, 15 digits starting with the country code 784, Luhn-checked. */
export function emiratesIdValid(value: string): boolean {
  const digits = value.replace(/-/g, '');
  return digits.length === 15 && allDigits(digits) && digits.startsWith('784') && luhnValid(digits);
}

/** Saudi national ID (starts 1) or Iqama residence permit (starts 2): 10 digits, Luhn-checked. */
export function saudiIdValid(value: string): boolean {
  return /^[12]\d{9}$/.test(value) && luhnValid(value);
}

const CN_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CN_CHECK = '10X98765432';

/** Chinese resident identity card (GB 11643-1999): 6-digit region, birth date, sequence, ISO 7064 MOD 11-2 check (0-9 or X). */
export function cnResidentIdValid(value: string): boolean {
  const id = value.toUpperCase();
  if (!/^[1-8]\d{16}[\dX]$/.test(id)) return false;
  if (!validDate(id.slice(6, 14))) return false;
  return CN_CHECK[weightedSum(id, CN_WEIGHTS) % 11] === id[17];
}

function validDate(yyyymmdd: string): boolean {
  const year = Number(yyyymmdd.slice(0, 4));
  const month = Number(yyyymmdd.slice(4, 6));
  const day = Number(yyyymmdd.slice(6, 8));
  if (year < 1900 || month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** SSNs the SSA says were never issued because they were published (the Woolworth wallet card, a 1940s ad). */
const PUBLISHED_SSNS = new Set(['078051120', '219099999']);

/**
 * US Social Security number shape rules (SSA): area 001–899 except 666, group 01–99, serial
 * 0001–9999. There is no check digit, so only the dashed or spaced form is recognised.
 */
export function usSsnValid(value: string): boolean {
  const m = /^(\d{3})([- ])(\d{2})\2(\d{4})$/.exec(value);
  if (!m) return false;
  const [, area, , group, serial] = m as unknown as [string, string, string, string, string];
  const a = Number(area);
  if (a === 0 || a === 666 || a >= 900) return false;
  if (group === '00' || serial === '0000') return false;
  return !PUBLISHED_SSNS.has(area + group + serial);
}
