import { describe, expect, it } from 'vitest';
import { maskIdNumber, normalizePrcId } from './kyc.js';

/** ISO 7064 MOD 11-2 written the other way round (powers of two), to check the contract's. */
function checkChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const c = (12 - (sum % 11)) % 11;
  return c === 10 ? 'X' : String(c);
}
const withCheck = (first17: string) => first17 + checkChar(first17);

describe('PRC resident ID numbers', () => {
  const today = new Date('2026-11-26T00:00:00Z');

  it('takes a valid number, lower-case x normalized', () => {
    expect(normalizePrcId('11010519491231002X', today)).toBe('11010519491231002X');
    expect(normalizePrcId(' 11010519491231002x ', today)).toBe('11010519491231002X');
    const n = withCheck('44030519900307123');
    expect(normalizePrcId(n, today)).toBe(n);
  });

  it('refuses a wrong check character', () => {
    const n = withCheck('44030519900307123');
    const wrong = n.slice(0, 17) + (n[17] === '0' ? '1' : '0');
    expect(normalizePrcId(wrong, today)).toBeNull();
  });

  it.each([
    ['a day that does not exist', '11010519900230123'],
    ['month 13', '11010519901301123'],
    ['a birth date in the future', '11010520301201123'],
    ['before 1900', '11010518991231123'],
  ])('refuses %s even with a right check character', (_why, first17) => {
    expect(normalizePrcId(withCheck(first17), today)).toBeNull();
  });

  it.each([
    '',
    '1101051949123100',
    '11010519491231002XX',
    '01010519491231002X',
    '1101051949123100２X',
  ])('refuses a malformed number %j', (raw) => {
    expect(normalizePrcId(raw, today)).toBeNull();
  });

  it('masks all but the first and last four', () => {
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
  });
});
