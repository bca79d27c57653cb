import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashing with scrypt (memory-hard, in Node's standard library: no native addon to
 * build). Stored as `scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>` so parameters can be raised
 * later and old hashes still verify (and be re-hashed on the next sign-in).
 *
 * N = 2^15, r = 8 (32 MiB, ≈ 60–100 ms on one core here): the OWASP floor for scrypt is
 * N = 2^17 with r = 8 at p = 1, or equivalent work; we trade some of it for sign-in throughput
 * on two cores and add per-account and per-IP throttling on top.
 */
const LOG_N = 15;
/**
 * The work factor new hashes get. Only the server's Vitest setup lowers it (src/test/setup.ts),
 * as test runs of bcrypt-based apps lower the cost: thousands of sign-ups and sign-ins in the
 * suites are not about the hash's strength. Each hash records its own N, so verification is
 * the same code either way, and a server process (E2E, the cluster tests) always uses LOG_N.
 */
let logN = LOG_N;
export function lowerWorkFactorForTests(n: number): void {
  if (!process.env.VITEST) throw new Error('the password work factor is lowered in tests only');
  logN = n;
}
const R = 8;
const P = 1;
const KEY_LEN = 32;
const SALT_LEN = 16;
const MAX_MEMORY = 64 * 1024 * 1024;

function scrypt(
  password: string,
  salt: Buffer,
  keyLen: number,
  opts: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCb(password.normalize('NFKC'), salt, keyLen, opts, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_LEN);
  const key = await scrypt(password, salt, KEY_LEN, {
    N: 2 ** logN,
    r: R,
    p: P,
    maxmem: MAX_MEMORY,
  });
  return ['scrypt', logN, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Constant-time comparison; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, logN, r, p, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !logN || !r || !p || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const key = await scrypt(password, Buffer.from(saltB64, 'base64'), expected.length, {
    N: 2 ** Number(logN),
    r: Number(r),
    p: Number(p),
    maxmem: MAX_MEMORY,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/**
 * A real hash of a random password, computed once: verifying against it when the username does
 * not exist takes the same time as a wrong password, so timing does not reveal accounts.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString('hex'));
  return decoy;
}
