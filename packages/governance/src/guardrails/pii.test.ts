import { describe, expect, it } from 'vitest';
import { detectPii, ibanValid, luhnValid, redactPii } from './pii.js';

describe('detectPii', () => {
  it.each([
    ['card', 'Charge 4111 1111 1111 1111 today', '4111 1111 1111 1111'],
    ['card', 'mastercard 5555-5555-5555-4444.', '5555-5555-5555-4444'],
    ['card', 'amex 378282246310005', '378282246310005'],
    ['card', 'visa13 4222222222222 ok', '4222222222222'],
    ['card', 'discover 6011111111111117', '6011111111111117'],
    ['iban', 'Pay to DE89 3704 0044 0532 0130 00 by Friday', 'DE89 3704 0044 0532 0130 00'],
    ['iban', 'GB82WEST12345698765432', 'GB82WEST12345698765432'],
    ['iban', 'iban: FR14 2004 1010 0505 0001 3M02 606', 'FR14 2004 1010 0505 0001 3M02 606'],
    ['email', 'Contact ada.lovelace+work@example.co.uk now', 'ada.lovelace+work@example.co.uk'],
    ['email', '<bob@mail.example.org>', 'bob@mail.example.org'],
    ['phone', 'call +1 415 555 2671 tonight', '+1 415 555 2671'],
    ['phone', 'office (415) 555-2671', '(415) 555-2671'],
    ['phone', 'UK +44 20 7946 0958', '+44 20 7946 0958'],
    ['phone', 'mobile 415.555.2671', '415.555.2671'],
  ])('finds a %s in %j', (kind, text, value) => {
    const spans = detectPii(text);
    expect(spans).toHaveLength(1);
    const span = spans[0];
    expect(span?.kind).toBe(kind);
    expect(text.slice(span?.start, span?.end)).toBe(value);
  });

  it.each([
    'card 4111 1111 1111 1112 fails Luhn',
    'order 1234567890123456',
    'timestamp 1700000000000',
    'DE89 3704 0044 0532 0130 01 has a bad checksum',
    'date 2024-01-15 and version 1.2.3',
    'ip 192.168.100.200',
    'git@github.com:warden/warden.git',
    'sha 3f786850e387550fdab836ed7e6dc881de23001b',
    'price 1,234,567.89',
    'uuid 123e4567-e89b-12d3-a456-426614174000',
  ])('finds nothing in %j', (text) => {
    expect(detectPii(text)).toEqual([]);
  });

  it('redacts only the values', () => {
    expect(redactPii('Mail ada@example.com or call +1 415 555 2671.')).toBe('Mail [redacted:email] or call [redacted:phone].');
    expect(redactPii('card 4111111111111111, mail a@b.io', ['card'])).toBe('card [redacted:card], mail a@b.io');
  });

  it('checks Luhn and IBAN mod-97 exactly', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
    expect(ibanValid('NL91ABNA0417164300')).toBe(true);
    expect(ibanValid('NL91ABNA0417164301')).toBe(false);
    expect(ibanValid('NL91ABNA041716430')).toBe(false);
  });
});
