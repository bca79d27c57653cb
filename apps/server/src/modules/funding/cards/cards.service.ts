import type { BankCard, CashBind, CashInfo } from '@ampere/contract';
import { AppError } from '../../../errors.js';
import type { UserRow } from '../../auth/users.js';
import type { FundingDeps } from '../deps.js';
import { assertCardNumber, maskCard, sameName } from '../rules.js';
import { createCardsRepository, type CardRow } from './cards.repository.js';

export function cardView(row: CardRow): BankCard {
  return {
    accountName: row.accountName,
    bankName: row.bankName,
    cardMasked: maskCard(row.cardLast4),
    branch: row.branch,
    boundAt: row.boundAt.toISOString(),
  };
}

/**
 * The bank card withdrawals go to (docs/funding.md, "Bank card"): one per user, its number
 * sealed at rest and shown masked; replacing it needs the fund password (auth's check, locked
 * after five failures); with an approved real name, the account name must be that name.
 */
export function createCards(deps: Pick<FundingDeps, 'db' | 'auth' | 'box' | 'identity' | 'now'>) {
  const { db, auth, box, identity, now } = deps;
  const repo = () => createCardsRepository(db);

  return {
    find: (userId: bigint) => repo().find(userId),

    /** The sealed number in clear, for staff paying a withdrawal. */
    openNumber: (sealed: string) => box.open(sealed),

    async info(userId: bigint): Promise<CashInfo> {
      const [card, realName] = await Promise.all([
        repo().find(userId),
        identity.approvedName(userId),
      ]);
      return {
        card: card ? cardView(card) : null,
        realName,
        changeNeedsFundPassword: card !== undefined,
      };
    },

    async bind(user: UserRow, req: CashBind): Promise<CashInfo> {
      assertCardNumber(req.cardNumber);
      const realName = await identity.approvedName(user.id);
      if (realName !== null && !sameName(realName, req.accountName))
        throw new AppError('CARD_NAME_MISMATCH');
      const existing = await repo().find(user.id);
      if (existing) {
        if (req.mpassword === undefined) throw new AppError('FUND_PASSWORD_REQUIRED');
        await auth.checkFundPassword(user, req.mpassword);
      }
      await repo().put({
        userId: user.id,
        accountName: req.accountName,
        bankName: req.bankName,
        cardSealed: box.seal(req.cardNumber),
        cardLast4: req.cardNumber.slice(-4),
        branch: req.branch,
        boundAt: now(),
      });
      return this.info(user.id);
    },
  };
}

export type Cards = ReturnType<typeof createCards>;
