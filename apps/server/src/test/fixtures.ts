import type { CurrencyKey } from '@ampere/contract';
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.js';
import { createUsersRepository, type UserRow } from '../modules/auth/users.repository.js';
import { createLedgerService } from '../modules/ledger/ledger.service.js';

/**
 * A user row with open ledger accounts, for tests of the layers below sign-up. The password hash
 * is a placeholder: these users never log in.
 */
export async function insertTestUser(
  db: Db,
  username = `u${randomBytes(5).toString('hex')}`,
): Promise<UserRow> {
  const user = await createUsersRepository(db).insert({
    uid: BigInt(randomInt(10_000_000, 99_999_999)),
    username,
    passwordHash: 'test-only:not-a-hash',
    inviteCode: randomBytes(4).toString('hex').toUpperCase(),
  });
  await createLedgerService().openUserAccounts(db, user.id);
  return user;
}

/** Credits a user's available balance from house equity (for tests where that is the setup). */
export function creditFromEquity(
  db: Db,
  userId: bigint,
  currency: CurrencyKey,
  amountMinor: bigint,
) {
  return db.transaction((tx) =>
    createLedgerService().post(tx, {
      kind: 'adjustment_credit',
      actor: 'test:setup',
      userId,
      postings: [
        { account: { userId, currency, purpose: 'available' }, amountMinor },
        { account: { system: 'house_equity', currency }, amountMinor: -amountMinor },
      ],
    }),
  );
}

/**
 * Signs `username` up through the API (password `Secret123`) and returns their id and token.
 * A refused registration throws with the server's answer, rather than handing the test a user
 * who does not exist.
 */
export async function signUpThroughApi(
  app: FastifyInstance,
  db: Db,
  username: string,
): Promise<{ id: bigint; token: string }> {
  const reg = await app.inject({
    method: 'POST',
    url: '/api/v1/user/register',
    payload: { username, password: 'Secret123', repassword: 'Secret123' },
  });
  const body = reg.json<{ code: number; data?: { token?: string } }>();
  const token = body.data?.token;
  if (reg.statusCode !== 200 || body.code !== 0 || !token) {
    throw new Error(`registering ${username} was refused: ${reg.statusCode} ${reg.body}`);
  }
  const user = await createUsersRepository(db).findByUsername(username);
  if (!user) throw new Error(`${username} was registered but is not in app_user`);
  return { id: user.id, token };
}
