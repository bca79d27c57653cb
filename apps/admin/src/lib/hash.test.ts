import { describe, expect, it } from 'vitest';
import { groupSecret, shortenHash } from './hash';

describe('shortenHash', () => {
  it('keeps the head and tail of a long hash', () => {
    expect(shortenHash('0123456789abcdef0123456789abcdef')).toBe('01234567…abcdef');
  });
  it('leaves a short value whole', () => {
    expect(shortenHash('abc')).toBe('abc');
  });
});

describe('groupSecret', () => {
  it('groups a base32 secret in fours for typing', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXPJBSWY3DPEH')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EH');
  });
});
