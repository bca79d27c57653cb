import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes (256 bits), base64url: 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The bearer token of an `Authorization` header, if well-formed. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer ([A-Za-z0-9_-]{43})$/.exec(header.trim()) : null;
  return match?.[1];
}
