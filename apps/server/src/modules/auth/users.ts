import { LEVELS, type SessionUser } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { createUsersRepository, type UserRow } from './users.repository.js';

export { USER_STATUS } from './auth.schema.js';
export type { UserRow } from './users.repository.js';

/** What the app is told of the signed-in user (login, register, Mine). */
export function sessionUser(user: UserRow): SessionUser {
  return {
    uid: Number(user.uid),
    username: user.username,
    status: user.status,
    level: LEVELS[user.level] ?? 'ordinary',
    fundPassword: user.fundPasswordHash !== null,
  };
}

/** Reading users, for the modules that show or act on them (account, ops, the back office). */
export function createUsers(db: Db) {
  return {
    findByUsername: (username: string) => createUsersRepository(db).findByUsername(username),
    findById: (id: bigint) => createUsersRepository(db).findById(id),
    /** How many accounts `userId` referred. */
    countInvited: (userId: bigint) => createUsersRepository(db).countInvited(userId),
  };
}

export type Users = ReturnType<typeof createUsers>;
