import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
export { violatedUniqueConstraint } from '../../db/errors.js';
import { appUser } from './auth.schema.js';

export interface NewUser {
  uid: bigint;
  username: string;
  passwordHash: string;
  inviteCode: string;
  referrerId?: bigint | null;
}

export type UserRow = typeof appUser.$inferSelect;

/** The users table: identities and credentials, owned by the auth module. */
export function createUsersRepository(db: Db) {
  return {
    async insert(user: NewUser): Promise<UserRow> {
      const [row] = await db.insert(appUser).values(user).returning();
      if (!row) throw new Error('user insert returned no row');
      return row;
    },

    async findByInviteCode(inviteCode: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(sql`upper(${appUser.inviteCode}) = upper(${inviteCode})`);
      return row;
    },

    async countInvited(userId: bigint): Promise<number> {
      const [row] = await db
        .select({ n: sql<string>`count(*)::text` })
        .from(appUser)
        .where(eq(appUser.referrerId, userId));
      return Number(row?.n ?? 0);
    },

    async findByUsername(username: string): Promise<UserRow | undefined> {
      const [row] = await db
        .select()
        .from(appUser)
        .where(sql`lower(${appUser.username}) = lower(${username})`);
      return row;
    },

    async findById(id: bigint): Promise<UserRow | undefined> {
      const [row] = await db.select().from(appUser).where(eq(appUser.id, id));
      return row;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
