import { randomInt } from 'node:crypto';
import type { LoginResponse, RegisterRequest } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { registerThrottle } from './auth.rules.js';
import { hashPassword } from './password.js';
import type { ClientContext, RecordEvent } from './security-events.js';
import type { UserSessions } from './sessions.js';
import type { Throttle } from './throttle.js';
import { createUsersRepository, violatedUniqueConstraint } from './users.repository.js';
import { sessionUser } from './users.js';

const INVITE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const INVITE_LENGTH = 8;
const UID_MIN = 10_000_000;
const UID_MAX = 100_000_000;
const INSERT_RETRIES = 5;

function newInviteCode(): string {
  return Array.from(
    { length: INVITE_LENGTH },
    () => INVITE_ALPHABET[randomInt(INVITE_ALPHABET.length)],
  ).join('');
}

/** Opening an account: the user, their ledger accounts and a first session, in one transaction. */
export function createRegistration(deps: {
  db: Db;
  ledger: LedgerService;
  sessions: UserSessions;
  throttle: Throttle;
  event: RecordEvent;
  /** New accounts an address may open an hour before it is slowed (REGISTRATIONS_PER_HOUR). */
  registrationsPerHour: number | undefined;
  /**
   * What opening an account also records, in its transaction: the user agreement in force is
   * accepted by signing up (modules/content).
   */
  onRegistered?: ((tx: Db, userId: bigint, ctx: ClientContext) => Promise<void>) | undefined;
}) {
  const { db, sessions, throttle, event } = deps;
  const registerRule = registerThrottle(deps.registrationsPerHour);

  return {
    register: async (req: RegisterRequest, ctx: ClientContext): Promise<LoginResponse> => {
      const registrations = { scope: `register:${ctx.ip}`, rule: registerRule };
      await throttle.check([registrations]);
      const users = createUsersRepository(db);
      const referrer = req.invite_code ? await users.findByInviteCode(req.invite_code) : undefined;
      if (req.invite_code && !referrer) throw new AppError('INVITE_CODE_UNKNOWN');
      if (await users.findByUsername(req.username)) throw new AppError('USERNAME_TAKEN');
      const passwordHash = await hashPassword(req.password);
      for (let attempt = 0; ; attempt++) {
        try {
          const created = await db.transaction(async (tx) => {
            const user = await createUsersRepository(tx).insert({
              uid: BigInt(randomInt(UID_MIN, UID_MAX)),
              username: req.username,
              passwordHash,
              inviteCode: newInviteCode(),
              referrerId: referrer?.id ?? null,
            });
            await deps.ledger.openUserAccounts(tx, user.id);
            await deps.onRegistered?.(tx, user.id, ctx);
            const token = await sessions.open(tx, user.id, ctx);
            await event(
              tx,
              user.id,
              'register',
              ctx,
              referrer ? { referrerUid: referrer.uid.toString() } : {},
            );
            await event(tx, user.id, 'login_success', ctx);
            return { token, user: sessionUser(user) };
          });
          // Counted once created: refusals (a taken name) cost nothing.
          await throttle.recordFailures([registrations.scope]);
          return created;
        } catch (error) {
          const constraint = violatedUniqueConstraint(error);
          if (constraint === 'app_user_username_key') throw new AppError('USERNAME_TAKEN');
          // A random uid or invite code collided: draw again.
          if (constraint && attempt < INSERT_RETRIES) continue;
          throw error;
        }
      }
    },
  };
}
