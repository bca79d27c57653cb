import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/server/src/db/client.js';
import {
  createLedgerService,
  type JournalSpec,
} from '../../apps/server/src/modules/ledger/ledger.service.js';

/** Every seeded order: 1,000.00 CNY at 0.0015 a day (1.50 a day) for 30 days. */
export const EARN_PRINCIPAL_MINOR = 100_000n;
export const EARN_RATE_E8 = 150_000n;
export const EARN_CYCLE_DAYS = 30;

/**
 * Earn's side of the accrual benchmarks (bench/accrual, bench/accrual-latency): one user per
 * `perUser` orders with their accounts and the principal in `earn_principal` (one balanced
 * adjustment journal each, from house equity, posted by the ledger service), one product, and
 * `orders` Hosting orders that started on operator day `startDay`, the first day due on
 * `startDay + 1`. Users are `bench<n>` with uid 10,000,000 + n (clear of place-order's).
 */
export async function seedEarnOrders(
  db: Db,
  opts: { orders: number; startDay: number; createdAtMs: number; perUser?: number },
): Promise<{ users: number }> {
  const perUser = opts.perUser ?? 10;
  const userCount = Math.max(1, Math.floor(opts.orders / perUser));
  if (userCount * perUser !== opts.orders)
    throw new Error(`orders (${opts.orders}) must be a multiple of ${perUser}`);
  const ledger = createLedgerService();
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into app_user (uid, username, password_hash, invite_code)
        select 10000000 + g, 'bench' || g, 'bench', 'B' || g from generate_series(1, ${userCount}) g
        returning id`,
  );
  await db.execute(sql`insert into ledger_account (user_id, currency, purpose)
    select u.id, c, p from app_user u
     cross join (values ('money'), ('usdt')) cur(c)
     cross join (values ('available'), ('in_order'), ('earn_principal'), ('withdraw_hold')) pur(p)
    on conflict do nothing`);
  const ids = users.map((u) => BigInt(u.id));
  const held = EARN_PRINCIPAL_MINOR * BigInt(perUser);
  for (let i = 0; i < ids.length; i += 1_000) {
    await db.transaction(async (tx) => {
      const specs: JournalSpec[] = ids.slice(i, i + 1_000).map((userId) => ({
        kind: 'adjustment_credit',
        actor: 'bench',
        userId,
        postings: [
          { account: { userId, currency: 'money', purpose: 'earn_principal' }, amountMinor: held },
          { account: { system: 'house_equity', currency: 'money' }, amountMinor: -held },
        ],
      }));
      await ledger.postMany(tx, specs);
    });
  }
  const [product] = await queryRows<{ id: string }>(
    db,
    sql`insert into earn_product (names, descriptions, currency, rate_e8, cycle_days, min_minor,
          max_minor, penalty_bps, status)
        values ('{"en-US":"Bench"}', '{}', 'money', ${EARN_RATE_E8}, ${EARN_CYCLE_DAYS}, 100,
                10000000, 500, 'active')
        returning id`,
  );
  await db.execute(sql`insert into earn_order (user_id, product_id, currency, principal_minor,
      rate_e8, cycle_days, penalty_bps, start_day, accrued_days, next_due_day, created_at_ms,
      open_journal_id)
    select u.id, ${product?.id}, 'money', ${EARN_PRINCIPAL_MINOR}, ${EARN_RATE_E8},
           ${EARN_CYCLE_DAYS}, 500, ${opts.startDay}, 0, ${opts.startDay + 1},
           ${opts.createdAtMs}, 0
      from app_user u cross join generate_series(1, ${perUser}) k
     where u.uid between 10000001 and ${10_000_000 + userCount}`);
  await db.execute(sql`analyze`);
  return { users: userCount };
}
