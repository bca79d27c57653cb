import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password.js';

/** A hash as production stores it: N = 2^15, r = 8, p = 1 (password.ts). */
function productionHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, {
    N: 2 ** 15,
    r: 8,
    p: 1,
    maxmem: 64 * 1024 * 1024,
  });
  return ['scrypt', 15, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('password hashes', () => {
  it('verifies a hash by the parameters it records, production’s and the tests’ alike', async () => {
    const stored = productionHash('Secret123');
    expect(await verifyPassword('Secret123', stored)).toBe(true);
    expect(await verifyPassword('Secret124', stored)).toBe(false);
    const ours = await hashPassword('Secret123');
    expect(ours).toMatch(/^scrypt\$\d+\$8\$1\$/);
    expect(await verifyPassword('Secret123', ours)).toBe(true);
    expect(await verifyPassword('secret123', ours)).toBe(false);
  });

  it('treats the same password in another Unicode form as the same (NFKC)', async () => {
    const stored = await hashPassword('Ｐａｓｓ１２３');
    expect(await verifyPassword('Pass123', stored)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    for (const stored of ['', 'scrypt$15$8$1$', 'bcrypt$x', 'scrypt$15$8$1$c2FsdA==']) {
      expect(await verifyPassword('anything', stored)).toBe(false);
    }
  });
});
