import { formatAmount, parseAmount, type CurrencyKey } from '@ampere/contract';
import type { Db } from '../../db/client.js';
import { AppError } from '../../errors.js';
import type { AuditService } from '../audit/audit.service.js';
import type { Users } from '../auth/users.js';
import type { LedgerService } from '../ledger/ledger.service.js';
import type { StaffService } from '../staff/staff.service.js';
import { roleSchema, staffUsernameSchema } from '@ampere/contract/admin';
import { reconcile, type ReconciliationReport } from '../ledger/reconcile.js';

export interface AdjustmentRequest {
  direction: 'credit' | 'debit';
  username: string;
  amount: string;
  currency: CurrencyKey;
  reason: string;
  /** Who asks: `ops:<os user>` from the CLI, `staff:<id>` from the back office. */
  actor: string;
}

export interface AdjustmentResult {
  journalId: string;
  username: string;
  currency: CurrencyKey;
  amount: string;
  availableAfter: string;
}

export class OpsInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OpsInputError';
  }
}

/**
 * Operator actions. Each one that changes money is a ledger journal against house equity plus
 * an audit entry, in one transaction.
 */
export function createOpsService(deps: {
  db: Db;
  ledger: LedgerService;
  audit: AuditService;
  users: Users;
  /** For `staff:create`; the CLI's other commands work without it. */
  staff?: StaffService;
}) {
  const { db, ledger, audit, users } = deps;
  return {
    async adjust(req: AdjustmentRequest): Promise<AdjustmentResult> {
      const reason = req.reason.trim();
      if (reason.length < 3 || reason.length > 500)
        throw new OpsInputError('a reason of 3–500 characters is required');
      const parsed = parseAmount(req.amount, req.currency);
      if (!parsed.ok)
        throw new OpsInputError(
          `invalid amount "${req.amount}" for ${req.currency}: ${parsed.reason}`,
        );
      const user = await users.findByUsername(req.username);
      if (!user) throw new OpsInputError(`no user named "${req.username}"`);
      const signed = req.direction === 'credit' ? parsed.minor : -parsed.minor;
      try {
        return await db.transaction(async (tx) => {
          const posted = await ledger.post(tx, {
            kind: req.direction === 'credit' ? 'adjustment_credit' : 'adjustment_debit',
            actor: req.actor,
            userId: user.id,
            memo: reason,
            postings: [
              {
                account: { userId: user.id, currency: req.currency, purpose: 'available' },
                amountMinor: signed,
              },
              { account: { system: 'house_equity', currency: req.currency }, amountMinor: -signed },
            ],
          });
          await audit.append(tx, {
            actor: req.actor,
            action: `ledger.${req.direction}`,
            subject: `user:${user.uid}`,
            detail: {
              journalId: posted.journalId.toString(),
              amount: formatAmount(parsed.minor, req.currency),
              currency: req.currency,
              reason,
            },
          });
          return {
            journalId: posted.journalId.toString(),
            username: user.username,
            currency: req.currency,
            amount: formatAmount(parsed.minor, req.currency),
            availableAfter: formatAmount(posted.balances[0]?.balanceMinor ?? 0n, req.currency),
          };
        });
      } catch (error) {
        if (error instanceof AppError && error.def.key === 'insufficient_balance') {
          throw new OpsInputError(
            `${user.username} has less than ${req.amount} available in ${req.currency}`,
          );
        }
        throw error;
      }
    },

    reconcile: (): Promise<ReconciliationReport> => reconcile(db),

    verifyAudit: () => audit.verify(),

    /** A member of staff with a one-time password (the first owner: docs/backoffice.md). */
    async createStaff(req: { username: string; role: string; actor: string }) {
      if (!deps.staff) throw new Error('createStaff needs the staff service');
      const username = staffUsernameSchema.safeParse(req.username);
      if (!username.success)
        throw new OpsInputError(
          'a name of 4–24 letters, digits and _ . -, starting with a letter or digit',
        );
      const role = roleSchema.safeParse(req.role);
      if (!role.success)
        throw new OpsInputError(`--role must be one of ${roleSchema.options.join(', ')}`);
      try {
        const created = await deps.staff.createFromCli(
          { actor: req.actor },
          username.data,
          role.data,
        );
        return {
          username: created.staff.username,
          role: created.staff.role,
          oneTimePassword: created.oneTimePassword,
        };
      } catch (error) {
        if (error instanceof AppError && error.def.key === 'username_taken')
          throw new OpsInputError(`a member named "${req.username}" exists already`);
        throw error;
      }
    },
  };
}

export type OpsService = ReturnType<typeof createOpsService>;
