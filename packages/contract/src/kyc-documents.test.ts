import { describe, expect, it } from 'vitest';
import {
  KYC_DOC_TYPES,
  maskDocNumber,
  normalizeDocNumber,
  normalizeHkMacauPermit,
  normalizePassport,
  normalizeTaiwanPermit,
} from './kyc-documents.js';

const today = new Date('2026-11-26T00:00:00Z');

describe('passport numbers: 6–9 letters and digits after spaces go and letters are upper-cased', () => {
  it.each([
    ['E12345678', 'E12345678'], // PRC e-passport
    ['EA1234567', 'EA1234567'],
    ['g12345678', 'G12345678'],
    ['123456789', '123456789'], // United States
    ['AB123456', 'AB123456'],
    ['k 1234 567', 'K1234567'],
    ['X12345', 'X12345'], // 6, the shortest
    ['  L898902C3 ', 'L898902C3'], // ICAO 9303's specimen
  ])('takes %j as %j', (raw, normalized) => {
    expect(normalizePassport(raw)).toBe(normalized);
    expect(normalizeDocNumber('passport', raw, today)).toBe(normalized);
  });

  it.each([
    '',
    'A1234', // 5
    'E123456789', // 10
    'E1234-5678', // a hyphen
    'E12345678.',
    'É1234567', // not A–Z
    'Ｅ12345678', // full-width
    'E1234５678',
  ])('refuses %j', (raw) => {
    expect(normalizePassport(raw)).toBeNull();
  });
});

describe("Hong Kong and Macao residents' permit: H or M, then 8 or 10 digits", () => {
  it.each([
    ['H12345678', 'H12345678'], // the card since 2012
    ['M87654321', 'M87654321'],
    ['h1234567801', 'H1234567801'], // the earlier form with its issue count
    ['M 1234 5678', 'M12345678'],
  ])('takes %j as %j', (raw, normalized) => {
    expect(normalizeHkMacauPermit(raw)).toBe(normalized);
    expect(normalizeDocNumber('hk_macau_permit', raw, today)).toBe(normalized);
  });

  it.each([
    '',
    '12345678', // no letter
    'T12345678', // not H or M
    'H1234567', // 7 digits
    'H123456789', // 9 digits
    'H12345678901', // 11 digits
    'HM1234567',
    'H1234567A',
  ])('refuses %j', (raw) => {
    expect(normalizeHkMacauPermit(raw)).toBeNull();
  });
});

describe("Taiwan residents' permit: 8 digits", () => {
  it.each([
    ['12345678', '12345678'],
    ['0123 4567', '01234567'],
  ])('takes %j as %j', (raw, normalized) => {
    expect(normalizeTaiwanPermit(raw)).toBe(normalized);
    expect(normalizeDocNumber('taiwan_permit', raw, today)).toBe(normalized);
  });

  it.each([
    '',
    '1234567', // 7
    '123456789', // 9
    'T1234567',
    '1234567A',
    // The Residence Permit for Taiwan Residents (830000…, 18 characters) is another document.
    '830000199001010014',
  ])('refuses %j', (raw) => {
    expect(normalizeTaiwanPermit(raw)).toBeNull();
  });
});

describe('the PRC number keeps its own rule under the document types', () => {
  it('takes a valid number and refuses the others’ forms', () => {
    expect(normalizeDocNumber('prc_id', '11010519491231002x', today)).toBe('11010519491231002X');
    expect(normalizeDocNumber('prc_id', 'E12345678', today)).toBeNull();
    expect(normalizeDocNumber('prc_id', '12345678', today)).toBeNull();
  });

  it('refuses a PRC number as any other document', () => {
    for (const type of KYC_DOC_TYPES.filter((t) => t !== 'prc_id'))
      expect(normalizeDocNumber(type, '11010519491231002X', today)).toBeNull();
  });
});

describe('masking', () => {
  it.each([
    ['prc_id', '11010519491231002X', '1101**********002X'],
    ['passport', 'E12345678', 'E1*****78'],
    ['passport', 'AB123456', 'AB****56'],
    ['passport', 'X12345', 'X****5'],
    ['hk_macau_permit', 'H1234567801', 'H1*******01'],
    ['taiwan_permit', '12345678', '12****78'],
  ] as const)('%s %s → %s', (type, number, masked) => {
    expect(maskDocNumber(type, number)).toBe(masked);
  });
});
