import { AppError } from '../../errors.js';
import type { FundingDeps } from './deps.js';

export interface UserRef {
  uid: string;
  username: string;
}

/** Users named as the back office names them (public uid), for a page of records. */
export async function usersOf(
  deps: Pick<FundingDeps, 'auth'>,
  ids: readonly bigint[],
): Promise<Map<bigint, UserRef>> {
  const rows = await deps.auth.usersByIds([...new Set(ids)]);
  return new Map(rows.map((u) => [u.id, { uid: u.uid.toString(), username: u.username }]));
}

export function userIn(users: Map<bigint, UserRef>, id: bigint): UserRef {
  const user = users.get(id);
  if (!user) throw new Error(`funding record of user ${id}, who does not exist`);
  return user;
}

/** The internal id of a user the back office names by uid. */
export async function userIdByUid(deps: Pick<FundingDeps, 'auth'>, uid: string | undefined) {
  if (uid === undefined) return undefined;
  const user = await deps.auth.findUserByUid(BigInt(uid));
  if (!user) throw new AppError('USER_NOT_FOUND');
  return user.id;
}

export const member = (id: bigint | null, name: string | null) =>
  id !== null && name !== null ? { id: id.toString(), username: name } : null;
