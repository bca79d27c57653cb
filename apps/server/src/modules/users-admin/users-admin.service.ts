import {
  LEVELS,
  type LocaleKey,
  type LoginHistory,
  type StatementPage,
  type StatementQuery,
} from '@ampere/contract';
import type {
  UserDetail,
  UserList,
  UserOrdersQuery,
  UserPasswordResetResult,
  UserSearchQuery,
  UserSummary,
} from '@ampere/contract/admin';
import type { TFunction } from 'i18next';
import { AppError } from '../../errors.js';
import type { LevelsService } from '../levels/levels.service.js';
import type { AuditActor, AuditService } from '../audit/audit.service.js';
import type { AuthService, RecordChange, UserChange } from '../auth/auth.service.js';
import { USER_STATUS, type UserRow } from '../auth/users.js';
import type { TradingService } from '../trading/trading.service.js';
import type { WalletService } from '../wallet/wallet.service.js';

export function userSummary(u: UserRow): UserSummary {
  return {
    uid: u.uid.toString(),
    username: u.username,
    status: u.status === USER_STATUS.DISABLED ? 'disabled' : 'active',
    level: u.level,
    levelName: LEVELS[u.level] ?? 'ordinary',
    inviteCode: u.inviteCode,
    createdAt: u.createdAt.toISOString(),
  };
}

/** A page of users, newest first; the cursor is the last one's public uid. */
function userPage(rows: UserRow[], limit: number): UserList {
  const page = rows.slice(0, limit);
  return {
    items: page.map(userSummary),
    nextCursor: rows.length > limit ? (page.at(-1)?.uid.toString() ?? null) : null,
  };
}

const cursorUid = (cursor: string | undefined) =>
  cursor === undefined ? undefined : BigInt(cursor);

/**
 * The back office's Users area (issue #13): reads compose the owning modules' services (auth
 * for the account, wallet for balances and statements, trading for orders); every change is
 * auth's, with its one audit row written in the change's own transaction.
 */
export function createUsersAdminService(deps: {
  auth: AuthService;
  wallet: WalletService;
  trading: TradingService;
  audit: AuditService;
  /** Staff's level is a floor kept with the member levels (docs/backoffice.md). */
  levels: Pick<LevelsService, 'setFloor'>;
}) {
  const { auth, wallet, trading, audit, levels } = deps;

  async function userOf(uid: string): Promise<UserRow> {
    const user = await auth.findUserByUid(BigInt(uid));
    if (!user) throw new AppError('USER_NOT_FOUND');
    return user;
  }

  /** The audit row of a change: `users.<action>` on `user:<uid>`. */
  const recorder =
    (
      who: AuditActor,
      action: string,
      view: (u: UserRow) => Record<string, unknown>,
      note: Record<string, unknown> = {},
    ): RecordChange =>
    (tx, { before, after }: UserChange) =>
      audit.record(tx, who, {
        action,
        subject: `user:${before.uid}`,
        before: view(before),
        after: view(after),
        note,
      });

  const noted = (reason: string | undefined) => (reason ? { reason } : {});

  return {
    async search(q: UserSearchQuery): Promise<UserList> {
      const rows = await auth.searchUsers({
        q: q.q,
        by: q.by,
        match: q.match,
        afterUid: cursorUid(q.cursor),
        limit: q.limit + 1,
      });
      return userPage(rows, q.limit);
    },

    async detail(uid: string): Promise<UserDetail> {
      const user = await userOf(uid);
      const [referrer, balances, referrals] = await Promise.all([
        user.referrerId === null ? undefined : auth.users.findById(user.referrerId),
        wallet.balance(user.id),
        auth.users.countInvited(user.id),
      ]);
      return {
        user: {
          ...userSummary(user),
          referrer: referrer ? { uid: referrer.uid.toString(), username: referrer.username } : null,
          fundPasswordSet: user.fundPasswordHash !== null,
          creditScore: user.creditScore,
          levelFloor: user.levelFloor,
        },
        balances,
        counts: { referrals },
      };
    },

    async statement(uid: string, q: StatementQuery, t: TFunction): Promise<StatementPage> {
      return wallet.postingPage((await userOf(uid)).id, q, t);
    },

    async orders(uid: string, q: UserOrdersQuery, locale: LocaleKey) {
      return trading.ordersOf((await userOf(uid)).id, q, locale);
    },

    /** The user's practice book and practice trading, apart from everything real. */
    async practice(uid: string) {
      return trading.practiceOf((await userOf(uid)).id);
    },

    async logins(uid: string): Promise<LoginHistory> {
      return auth.loginHistory((await userOf(uid)).id);
    },

    async referrals(uid: string, q: { cursor?: string | undefined; limit: number }) {
      const user = await userOf(uid);
      return userPage(await auth.referralsOf(user.id, cursorUid(q.cursor), q.limit + 1), q.limit);
    },

    async setStatus(
      who: AuditActor,
      uid: string,
      status: 'active' | 'disabled',
      reason?: string,
    ): Promise<UserSummary> {
      const user = await userOf(uid);
      const action = status === 'active' ? 'users.enabled' : 'users.disabled';
      const record = recorder(
        who,
        action,
        (u) => ({ status: userSummary(u).status }),
        noted(reason),
      );
      const { after } = await auth.setAccountStatus(
        user.id,
        status === 'active',
        { actor: who.actor },
        record,
      );
      return userSummary(after);
    },

    async setLevel(
      who: AuditActor,
      uid: string,
      level: number,
      reason?: string,
    ): Promise<UserSummary> {
      const user = await userOf(uid);
      const record = recorder(
        who,
        'users.level_changed',
        (u) => ({ level: u.level, levelName: userSummary(u).levelName, floor: u.levelFloor }),
        noted(reason),
      );
      return userSummary((await auth.setLevel(user.id, level, levels.setFloor, record)).after);
    },

    /** The temporary password is in the answer only: the audit row says one was issued. */
    async resetPassword(
      who: AuditActor,
      uid: string,
      reason?: string,
    ): Promise<UserPasswordResetResult> {
      const user = await userOf(uid);
      const record: RecordChange = (tx, { before }) =>
        audit.record(tx, who, {
          action: 'users.password_reset',
          subject: `user:${before.uid}`,
          before: { password: 'set by the user' },
          after: { password: 'temporary, issued to staff', sessions: 'all ended' },
          note: noted(reason),
        });
      const done = await auth.resetPasswordByStaff(user.id, { actor: who.actor }, record);
      return { user: userSummary(done.after), temporaryPassword: done.temporaryPassword };
    },
  };
}

export type UsersAdminService = ReturnType<typeof createUsersAdminService>;
