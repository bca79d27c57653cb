/**
 * Idempotency keys are made by the client and kept before sending (CONVENTIONS, Money), so a
 * retried submission carries the same key and the server applies it once.
 */
type UuidSource = Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string };

export function newIdempotencyKey(source: UuidSource = globalThis.crypto): string {
  // Browsers expose randomUUID only in secure contexts; a phone opening the app over plain HTTP
  // on a LAN address would lack it, while getRandomValues is available everywhere.
  if (typeof source.randomUUID === 'function') return source.randomUUID();
  return uuidV4FromBytes(source.getRandomValues(new Uint8Array(16)));
}

/** Formats 16 random bytes as an RFC 9562 version-4 UUID. */
export function uuidV4FromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 16) throw new RangeError('a UUID needs exactly 16 bytes');
  const b = Uint8Array.from(bytes);
  b[6] = ((b[6] ?? 0) & 0x0f) | 0x40;
  b[8] = ((b[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
