/** Hashes and other long identifiers shortened for a table cell: head…tail. */
export function shortenHash(hash: string, head = 8, tail = 6): string {
  return hash.length <= head + tail + 1 ? hash : `${hash.slice(0, head)}…${hash.slice(-tail)}`;
}

/** A TOTP secret (base32) in groups of four, as authenticator apps show it for typing. */
export function groupSecret(secret: string): string {
  return (secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? []).join(' ');
}
