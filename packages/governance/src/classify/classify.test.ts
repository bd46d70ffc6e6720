import { describe, expect, it } from 'vitest';
import { classifyText } from './classify.js';
import { parseDataClasses } from './data-classes.js';
import { euVatValid } from './eu-vat.js';
import { aadhaarValid, cnResidentIdValid, emiratesIdValid, saudiIdValid, sgNricValid, usSsnValid } from './national-ids.js';
import { verhoeffValid } from './check-digits.js';

/** Every single-digit substitution of a valid number (the check digit included). */
function substitutions(value: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < value.length; i += 1) {
    if (!/\d/.test(value[i] as string)) continue;
    for (let d = 0; d <= 9; d += 1) if (String(d) !== value[i]) out.push(value.slice(0, i) + d + value.slice(i + 1));
  }
  return out;
}

const valid = {
  aadhaar: ['234123412346', '2341 2341 2346', '499118665246'],
  sgNric: ['S1234567D', 'T0123456G', 'F1234567N', 'S0000001I'],
  emiratesId: ['784-1968-6570305-0', '784196865703050'],
  saudiId: ['1000000008', '2000000006'],
  cnResidentId: ['11010519491231002X', '440524198001010013'],
  ssn: ['123-45-6789', '001 01 0001', '899-99-9999'],
  vat: ['DE136695976', 'FR40303265045', 'IT00743110157', 'NL004495445B01', 'BE0403019261', 'PL8567346215', 'DK13585628', 'FI20774740', 'PT501964843', 'LU15027442', 'SE556188840401', 'ATU13585627', 'ES12345678Z'],
};

describe('check-digit validators', () => {
  it('Verhoeff accepts the published check digit of 236 (3) and rejects the rest', () => {
    expect(verhoeffValid('2363')).toBe(true);
    for (const d of '012456789') expect(verhoeffValid(`236${d}`)).toBe(false);
  });

  it('Aadhaar: Verhoeff catches every single-digit error and adjacent swap; 0/1 starts are not issued', () => {
    for (const id of valid.aadhaar) expect(aadhaarValid(id)).toBe(true);
    for (const wrong of substitutions('234123412346')) if (/^[2-9]/.test(wrong)) expect(aadhaarValid(wrong), wrong).toBe(false);
    expect(aadhaarValid('243123412346')).toBe(false);
    expect(aadhaarValid('123412341234')).toBe(false);
    expect(aadhaarValid('23412341234')).toBe(false);
  });

  it('Singapore NRIC/FIN: the check letter follows the weighted sum (T and G offset by 4)', () => {
    for (const id of valid.sgNric) expect(sgNricValid(id), id).toBe(true);
    for (const letter of 'ABCEFGHIJZ') expect(sgNricValid(`S1234567${letter}`)).toBe(false);
    expect(sgNricValid('T1234567D')).toBe(false);
    expect(sgNricValid('X1234567D')).toBe(false);
    for (const wrong of substitutions('S1234567D')) expect(sgNricValid(wrong), wrong).toBe(false);
  });

  it('Emirates ID: 784 and Luhn', () => {
    for (const id of valid.emiratesId) expect(emiratesIdValid(id)).toBe(true);
    for (const wrong of substitutions('784196865703050')) if (wrong.startsWith('784')) expect(emiratesIdValid(wrong), wrong).toBe(false);
    expect(emiratesIdValid('785196865703059')).toBe(false);
  });

  it('Saudi ID and Iqama: leading 1 or 2 and Luhn', () => {
    for (const id of valid.saudiId) expect(saudiIdValid(id)).toBe(true);
    for (const wrong of substitutions('1000000008')) if (/^[12]/.test(wrong)) expect(saudiIdValid(wrong), wrong).toBe(false);
    expect(saudiIdValid('3000000004')).toBe(false);
  });

  it('Chinese resident ID: MOD 11-2 check (X for 10) and a real birth date', () => {
    for (const id of valid.cnResidentId) expect(cnResidentIdValid(id), id).toBe(true);
    for (const wrong of substitutions('440524198001010013')) expect(cnResidentIdValid(wrong), wrong).toBe(false);
    expect(cnResidentIdValid('110105194912310021')).toBe(false);
    // 30 February cannot be a birth date, whatever the check digit says.
    const feb30 = '1101051949023000';
    expect(['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'X'].some((c) => cnResidentIdValid(`${feb30}1${c}`))).toBe(false);
  });

  it('US SSN: area, group and serial rules, and the published numbers', () => {
    for (const id of valid.ssn) expect(usSsnValid(id), id).toBe(true);
    for (const bad of ['000-12-3456', '666-12-3456', '900-12-3456', '123-00-4567', '123-45-0000', '078-05-1120', '219-09-9999', '123456789', '123-45 6789'])
      expect(usSsnValid(bad), bad).toBe(false);
  });

  it('EU VAT: each country by its own check', () => {
    for (const id of valid.vat) expect(euVatValid(id), id).toBe(true);
    expect(euVatValid('DE 136 695 976')).toBe(true);
    // PT and FI fold two remainders onto one check digit, IT's Luhn misses 0↔9 swaps, and NL has two
    // rules (mod 11 and the 2020 mod 97) and an unchecked suffix, so substitutions can collide there.
    for (const id of valid.vat.filter((v) => !/^(PT|FI|IT|NL)/.test(v))) {
      const bad = substitutions(id).filter((wrong) => euVatValid(wrong));
      expect(bad, id).toEqual([]);
    }
    expect(euVatValid('NL004495446B01')).toBe(false);
    expect(euVatValid('NL004495445X01')).toBe(false);
    expect(euVatValid('PT501964844')).toBe(false);
    expect(euVatValid('FI20774741')).toBe(false);
    expect(euVatValid('XX123456789')).toBe(false);
    expect(euVatValid('DE036695976')).toBe(false);
  });
});

describe('classifyText', () => {
  it('finds each class with its span, severity and confidence', () => {
    const text = [
      'card 4111 1111 1111 1111,',
      'iban DE89 3704 0044 0532 0130 00,',
      'mail ana.garcia@example.es,',
      'aadhaar 2341 2341 2346,',
      'nric S1234567D,',
      'eid 784-1968-6570305-0,',
      'iqama 2000000006,',
      'cn 11010519491231002X,',
      'ssn 123-45-6789,',
      'vat FR40303265045,',
      'diagnosed with diabetes',
    ].join(' ');
    const found = classifyText(text).map((f) => ({ class: f.class, value: text.slice(f.start, f.end), severity: f.severity, confidence: f.confidence }));
    expect(found.map((f) => [f.class, f.value])).toEqual([
      ['card', '4111 1111 1111 1111'],
      ['iban', 'DE89 3704 0044 0532 0130 00'],
      ['email', 'ana.garcia@example.es'],
      ['aadhaar', '2341 2341 2346'],
      ['sg_nric', 'S1234567D'],
      ['emirates_id', '784-1968-6570305-0'],
      ['saudi_id', '2000000006'],
      ['cn_resident_id', '11010519491231002X'],
      ['us_ssn', '123-45-6789'],
      ['eu_vat', 'FR40303265045'],
      ['health', 'diagnosed'],
      ['health', 'diabetes'],
    ]);
    expect(found.find((f) => f.class === 'card')).toMatchObject({ severity: 'critical', confidence: 0.97 });
    expect(found.find((f) => f.class === 'health')).toMatchObject({ severity: 'high', confidence: 0.5 });
  });

  it('ignores look-alikes whose check digits fail', () => {
    const text = 'order 4111 1111 1111 1112, ref 234123412345, S1234567A, 784-1968-6570305-1, 2000000007, 440524188001010015, 666-12-3456, DE136695977, build 1.2.3';
    expect(classifyText(text)).toEqual([]);
  });

  it('does not find a number inside a longer one, nor a keyword inside a word', () => {
    expect(classifyText('tx 12000000006 and 20000000069')).toEqual([]);
    expect(classifyText('a scancer? dhivorce uniongay')).toEqual([]);
  });

  it('classifies only the classes asked for', () => {
    const text = 'ana@example.es 123-45-6789 religious';
    expect(classifyText(text, ['us_ssn']).map((f) => f.class)).toEqual(['us_ssn']);
    expect(classifyText(text, ['email', 'religion']).map((f) => f.class)).toEqual(['email', 'religion']);
  });
});

describe('data-class names', () => {
  it('a misspelled name is an error that says what was meant', () => {
    expect(parseDataClasses(['email', 'iban'], 'purposes.support')).toEqual(['email', 'iban']);
    expect(() => parseDataClasses(['emial'], 'purposes.support')).toThrow(/purposes\.support: unknown data class "emial" \(did you mean "email"\?\)/);
    expect(() => parseDataClasses(['aadhar'], 'x')).toThrow(/did you mean "aadhaar"/);
  });
});
