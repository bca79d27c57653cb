import { z } from 'zod/mini';

/**
 * The identity documents a verification can be made with (issue #16, docs/kyc.md), each with its
 * number's rule. Which ones are offered is the operator's setting (`kycDocTypes`, only `prc_id`
 * unless compliance enables more); a request that names none means `prc_id`.
 *
 * - `prc_id`: PRC resident identity card (居民身份证), GB 11643-1999.
 * - `passport`: a passport of any country (ICAO 9303 document number).
 * - `hk_macau_permit`: Mainland Travel Permit for Hong Kong and Macao Residents (港澳居民来往内地通行证).
 * - `taiwan_permit`: Mainland Travel Permit for Taiwan Residents (台湾居民来往大陆通行证).
 */
export const KYC_DOC_TYPES = ['prc_id', 'passport', 'hk_macau_permit', 'taiwan_permit'] as const;
export const kycDocTypeSchema = z.enum(KYC_DOC_TYPES);
export type KycDocType = z.infer<typeof kycDocTypeSchema>;

/** What is offered until compliance changes it. */
export const DEFAULT_KYC_DOC_TYPES: readonly KycDocType[] = ['prc_id'];

/**
 * PRC resident identity number (GB 11643-1999): 17 digits and a check character (0–9 or X),
 * the birth date (YYYYMMDD) at positions 7–14 a real day between 1900 and today. Returns the
 * number normalized (upper-case X) or null.
 */
export function normalizePrcId(raw: string, today: Date = new Date()): string | null {
  const id = raw.trim().toUpperCase();
  if (!/^[1-9][0-9]{16}[0-9X]$/.test(id)) return null;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * (weights[i] ?? 0);
  if ('10X98765432'[sum % 11] !== id[17]) return null;
  const y = Number(id.slice(6, 10));
  const m = Number(id.slice(10, 12));
  const d = Number(id.slice(12, 14));
  const birth = new Date(Date.UTC(y, m - 1, d));
  if (birth.getUTCFullYear() !== y || birth.getUTCMonth() !== m - 1 || birth.getUTCDate() !== d)
    return null;
  if (y < 1900 || birth.getTime() > today.getTime()) return null;
  return id;
}

/** Spaces dropped (people copy numbers printed in groups), letters upper-cased. */
const compact = (raw: string) => raw.replace(/\s+/g, '').toUpperCase();

/** Passport: the document number, 6–9 Latin letters and ASCII digits (ICAO 9303 allows 9). */
export function normalizePassport(raw: string): string | null {
  const n = compact(raw);
  return /^[A-Z0-9]{6,9}$/.test(n) ? n : null;
}

/**
 * Hong Kong and Macao residents' permit: H (Hong Kong) or M (Macao), then 8 digits (the card
 * issued since 2012) or 10 (the earlier one: the same 8 and a 2-digit issue count).
 */
export function normalizeHkMacauPermit(raw: string): string | null {
  const n = compact(raw);
  return /^[HM](?:[0-9]{8}|[0-9]{10})$/.test(n) ? n : null;
}

/**
 * Taiwan residents' permit: 8 digits, the number of the card permit issued since 2015 (the
 * booklet before it lasted at most 5 years, so none is valid now). The 18-digit number that
 * starts 830000 is another document — the Residence Permit for Taiwan Residents (台湾居民居住证)
 * — and is not taken as this one.
 */
export function normalizeTaiwanPermit(raw: string): string | null {
  const n = compact(raw);
  return /^[0-9]{8}$/.test(n) ? n : null;
}

/** The number normalized for its document type, or null when it breaks the type's rule. */
export function normalizeDocNumber(
  type: KycDocType,
  raw: string,
  today: Date = new Date(),
): string | null {
  switch (type) {
    case 'prc_id':
      return normalizePrcId(raw, today);
    case 'passport':
      return normalizePassport(raw);
    case 'hk_macau_permit':
      return normalizeHkMacauPermit(raw);
    case 'taiwan_permit':
      return normalizeTaiwanPermit(raw);
  }
}

/** `110101199003077777` → `1101**********7777`. */
export function maskIdNumber(id: string): string {
  if (id.length <= 8) return '*'.repeat(id.length);
  return id.slice(0, 4) + '*'.repeat(id.length - 8) + id.slice(-4);
}

/**
 * A normalized number masked for showing: the PRC number as `maskIdNumber`; the shorter ones
 * keep 2 characters at each end (1 when under 8 long): `E12345678` → `E1*****78`.
 */
export function maskDocNumber(type: KycDocType, n: string): string {
  if (type === 'prc_id') return maskIdNumber(n);
  const keep = n.length >= 8 ? 2 : 1;
  if (n.length <= 2 * keep) return '*'.repeat(n.length);
  return n.slice(0, keep) + '*'.repeat(n.length - 2 * keep) + n.slice(-keep);
}
