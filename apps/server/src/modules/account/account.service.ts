import { CURRENCIES, formatAmount, type Home, type Qrcode } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import { sessionUser, type UserRow, type Users } from '../auth/users.js';

export const REGISTER_ROUTE = '/#/app/pages/user/register';

export function createAccountService(deps: { db: Db; ledger: LedgerService; users: Users }) {
  return {
    /** The Mine tab's profile: identity, level, referral count and balances summary. */
    async home(user: UserRow): Promise<Home> {
      const [invitedCount, accounts] = await Promise.all([
        deps.users.countInvited(user.id),
        deps.ledger.userAccounts(deps.db, user.id),
      ]);
      return {
        user: sessionUser(user),
        creditScore: user.creditScore,
        // Verification arrives with the KYC capability; until a user submits, this is the truth.
        realName: 'uncertified',
        inviteCode: user.inviteCode,
        invitedCount,
        balances: CURRENCIES.map(({ key }) => {
          const mine = accounts.filter((a) => a.currency === key);
          const available = mine.find((a) => a.purpose === 'available')?.balanceMinor ?? 0n;
          const total = mine.reduce((sum, a) => sum + a.balanceMinor, 0n);
          return {
            currency: key,
            available: formatAmount(available, key),
            total: formatAmount(total, key),
          };
        }),
      };
    },

    /** The share link carries the invite code as launch parameter `i` (SPEC §3). */
    qrcode(user: UserRow, origin: string): Qrcode {
      const url = new URL(origin);
      url.hash = `${REGISTER_ROUTE.slice(2)}?i=${encodeURIComponent(user.inviteCode)}`;
      return { inviteCode: user.inviteCode, shareUrl: url.toString() };
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
