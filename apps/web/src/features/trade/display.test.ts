import { beforeAll, describe, expect, it } from 'vitest';
import { englishCatalogueLoaded, i18n, initI18n } from '@/i18n';
import { periodLabel, price, shortHash, signedMoney, stakeErrorText } from './display';

beforeAll(async () => {
  await initI18n();
  await englishCatalogueLoaded();
});

describe('stake errors in SPEC §5’s words', () => {
  it('says what is wrong with the amount', () => {
    const t = i18n.t.bind(i18n);
    expect(stakeErrorText({ kind: 'missing' }, t)).toBe('Please enter the amount');
    expect(stakeErrorText({ kind: 'invalid' }, t)).toBe('Please enter a valid amount');
    expect(stakeErrorText({ kind: 'range', min: '10.00', max: '50000.00' }, t)).toBe(
      'The purchase quantity needs to be between 10-50,000',
    );
    expect(stakeErrorText({ kind: 'balance' }, t)).toBe('Insufficient balance');
  });
});

describe('display', () => {
  it('names periods in seconds, then whole minutes', () => {
    const t = i18n.t.bind(i18n);
    expect(periodLabel(30, t)).toBe('30s');
    expect(periodLabel(60, t)).toBe('1m');
    expect(periodLabel(600, t)).toBe('10m');
    expect(periodLabel(90, t)).toBe('90s');
  });

  it('writes signed money and prices as SPEC §5 says', () => {
    expect(signedMoney('80.00')).toBe('+80');
    expect(signedMoney('-1234.50')).toBe('-1,234.5');
    expect(signedMoney('0.00')).toBe('0');
    expect(price('97123.45')).toBe('97,123.45');
    expect(price(null)).toBe('—');
  });

  it('shortens hashes for a phone', () => {
    const hash = 'a'.repeat(8) + 'b'.repeat(48) + 'c'.repeat(8);
    expect(shortHash(hash)).toBe('aaaaaaaa…cccccccc');
    expect(shortHash('abc')).toBe('abc');
  });
});
