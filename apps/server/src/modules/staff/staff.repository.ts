import type { Db } from '../../db/client.js';
export { violatedUniqueConstraint } from '../../db/errors.js';
import { createChallengesRepository } from './challenges.repository.js';
import { createMembersRepository } from './members.repository.js';
import { createStaffSessionsRepository } from './staff-sessions.repository.js';

export { STAFF_STATUS, type StaffRow } from './members.repository.js';
export type { StaffSessionRow } from './staff-sessions.repository.js';

/** The staff tables: members, their sessions and sign-in challenges (the staff module's own). */
export function createStaffRepository(db: Db) {
  return {
    ...createMembersRepository(db),
    ...createChallengesRepository(db),
    ...createStaffSessionsRepository(db),
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
