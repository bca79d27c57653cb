import pg from 'pg';
import { sql } from 'drizzle-orm';
import { prepareDatabase } from '../apps/server/src/bootstrap.js';
import { openPostgres, queryRows, type Db } from '../apps/server/src/db/client.js';
import {
  createLedgerService,
  type JournalSpec,
} from '../apps/server/src/modules/ledger/ledger.service.js';
import { createMarketService } from '../apps/server/src/modules/market/market.service.js';
import { createLevelsRecorder } from '../apps/server/src/modules/levels/levels.service.js';
import { createNotificationsService } from '../apps/server/src/modules/notifications/notifications.service.js';
import { SETTLE_BATCH, SETTLE_LOOPS } from '../apps/server/src/modules/trading/settlement.job.js';
import { tradeOrder } from '../apps/server/src/modules/trading/trading.schema.js';
import { createTradingService } from '../apps/server/src/modules/trading/trading.service.js';

/**
 * bench/settle (issue #6): 10,000 orders expiring in the same second, settled by the real
 * settlement code (`trading.settleDue` in batches, on PostgreSQL) against the anchor — a raw
 * set-based SQL settlement of the same data (the same rows written: journals, postings with
 * running balances, account balances, orders), in the same run. Each run starts from an
 * identical copy of the data (a template database).
 */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_SETTLE_ORDERS ?? 10_000);
const USERS = Math.max(1, Math.floor(ORDERS / 10));
/** Orders per transaction: the server's (`SETTLE_BATCH`). */
const BATCH = Number(process.env.BENCH_SETTLE_BATCH ?? SETTLE_BATCH);
const ROUNDS = Number(process.env.BENCH_SETTLE_ROUNDS ?? 3);
/** Concurrent settlement loops: as many as one server process runs (`SETTLE_LOOPS`). */
const WORKERS = Number(process.env.BENCH_SETTLE_WORKERS ?? SETTLE_LOOPS);
const STAKE = 1_000n;

const dbUrl = (name: string) => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

async function admin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Users with balances and holds, ticks, and ORDERS open orders all expired and final. */
async function seed(db: Db, t0: number): Promise<void> {
  const ledger = createLedgerService();
  const market = createMarketService({ db });
  const strikes = [
    await market.recordTick('BTC/USDT', t0, 9_700_000n, 2),
    await market.recordTick('ETH/USDT', t0, 340_000n, 2),
    await market.recordTick('SOL/USDT', t0, 180_000n, 3),
  ];
  await market.recordTick('BTC/USDT', t0 + 10_000, 9_700_100n, 2);
  await market.recordTick('ETH/USDT', t0 + 10_000, 340_000n, 2);
  for (const s of strikes) {
    await market.recordTick(
      s.symbol,
      t0 + 31_000,
      s.priceMinor + 1n,
      s.symbol === 'SOL/USDT' ? 3 : 2,
    );
  }
  const users = await queryRows<{ id: string }>(
    db,
    sql`insert into app_user (uid, username, password_hash, invite_code)
        select 10000000 + g, 'bench' || g, 'bench', 'B' || g from generate_series(1, ${USERS}) g
        returning id`,
  );
  const ids = users.map((u) => BigInt(u.id));
  const perUser = BigInt(Math.ceil(ORDERS / USERS)) * STAKE;
  for (let i = 0; i < ids.length; i += 500) {
    const slice = ids.slice(i, i + 500);
    await db.transaction(async (tx) => {
      const specs: JournalSpec[] = slice.flatMap((userId) => [
        {
          kind: 'adjustment_credit',
          actor: 'bench',
          userId,
          postings: [
            { account: { userId, currency: 'money', purpose: 'available' }, amountMinor: perUser },
            { account: { system: 'house_equity', currency: 'money' }, amountMinor: -perUser },
          ],
        },
        {
          kind: 'trade_open',
          actor: 'bench',
          userId,
          postings: [
            { account: { userId, currency: 'money', purpose: 'available' }, amountMinor: -perUser },
            { account: { userId, currency: 'money', purpose: 'in_order' }, amountMinor: perUser },
          ],
        },
      ]);
      const posted = await ledger.postMany(tx, specs);
      const rows = slice.flatMap((userId, u) =>
        Array.from({ length: Math.ceil(ORDERS / USERS) }, (_, k) => {
          const s = strikes[k % 3] ?? strikes[0];
          if (!s) throw new Error('no strike');
          return {
            userId,
            symbol: s.symbol,
            direction: (k >> 1) % 2 === 0 ? 'up' : 'down',
            currency: 'money',
            stakeMinor: STAKE,
            periodSeconds: 30,
            payoutBps: 8_000,
            strikeTickId: s.id,
            strikePriceMinor: s.priceMinor,
            strikeTimeMs: s.timeMs,
            priceScale: s.symbol === 'SOL/USDT' ? 3 : 2,
            openedAtMs: t0,
            expiresAtMs: t0 + 30_000,
            openJournalId: posted[u * 2 + 1]?.journalId ?? 0n,
          };
        }),
      );
      for (let j = 0; j < rows.length; j += 1_000)
        await tx.insert(tradeOrder).values(rows.slice(j, j + 1_000));
    });
  }
}

/** The anchor: the same settlement as plain set-based SQL in one transaction. */
const RAW_SETTLEMENT = `
begin;
create temp table due on commit drop as
select o.id, o.user_id, o.symbol, o.direction, o.stake_minor, o.payout_bps,
       x.id as exit_id, x.price_minor as exit_price, x.time_ms as exit_time,
       case when x.id is null or x.id <= o.strike_tick_id then 'void'
            when x.price_minor = o.strike_price_minor then 'tie'
            when (x.price_minor > o.strike_price_minor) = (o.direction = 'up') then 'won'
            else 'lost' end as status
  from trade_order o
  left join lateral (select t.id, t.price_minor, t.time_ms from tick t
                      where t.symbol = o.symbol and t.time_ms <= o.expires_at_ms
                      order by t.time_ms desc, t.id desc limit 1) x on true
 where o.status = 'open' and o.expires_at_ms <= $1
 order by o.id
   for update of o;
alter table due add column payout bigint, add column journal_id bigint;
update due set payout = case status when 'won' then stake_minor + (stake_minor * payout_bps + 5000) / 10000
                                    when 'lost' then 0 else stake_minor end,
               journal_id = nextval(pg_get_serial_sequence('ledger_journal', 'id'));
insert into ledger_journal (id, kind, reference, user_id, actor, created_at) overriding system value
select journal_id, case status when 'won' then 'trade_win' when 'lost' then 'trade_loss' else 'trade_refund' end,
       'order:' || id, user_id, 'system:settlement', now() from due;
create temp table legs on commit drop as
select d.journal_id, a.id as account_id, -d.stake_minor as amount from due d
  join ledger_account a on a.user_id = d.user_id and a.currency = 'money' and a.purpose = 'in_order'
union all
select d.journal_id, a.id, d.payout from due d
  join ledger_account a on a.user_id = d.user_id and a.currency = 'money' and a.purpose = 'available'
 where d.payout > 0
union all
select d.journal_id, h.id, case when d.status = 'lost' then d.stake_minor else d.stake_minor - d.payout end
  from due d join ledger_account h on h.user_id is null and h.currency = 'money' and h.purpose = 'house_trading'
 where d.status in ('won', 'lost');
with locked as (select a.id, a.balance_minor from ledger_account a
                 where a.id in (select account_id from legs) and a.user_id is not null
                 order by a.id for update)
insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
select l.journal_id, l.account_id, 'money', l.amount,
       case when k.id is null then null
            else k.balance_minor + sum(l.amount) over (partition by l.account_id order by l.journal_id, l.amount) end
  from legs l left join locked k on k.id = l.account_id;
update ledger_account a set balance_minor = a.balance_minor + s.delta
  from (select account_id, sum(amount) as delta from legs group by account_id) s
 where a.id = s.account_id and a.user_id is not null;
update trade_order o set status = d.status, exit_tick_id = case when d.status = 'void' then null else d.exit_id end,
       exit_price_minor = case when d.status = 'void' then null else d.exit_price end,
       exit_time_ms = case when d.status = 'void' then null else d.exit_time end,
       payout_minor = d.payout, settled_at_ms = $1, settle_journal_id = d.journal_id
  from due d where o.id = d.id;
insert into notification (user_id, kind, subject_id, params, created_at)
select user_id, 'order_settled', id,
       jsonb_build_object('symbol', symbol, 'direction', direction, 'currency', 'money',
                          'stake', (stake_minor::numeric / 100)::numeric(20, 2)::text,
                          'payout', (payout::numeric / 100)::numeric(20, 2)::text,
                          'outcome', status),
       now()
  from due
    on conflict (user_id, kind, subject_id) do nothing;
commit;`;

async function runSubject(url: string): Promise<number> {
  const database = openPostgres(url, 4, () => undefined);
  const db = database.db;
  const trading = createTradingService({
    db,
    ledger: createLedgerService(),
    market: createMarketService({ db }),
    // Settlement writes each order's notification in its batch, as the server does.
    notifications: createNotificationsService({ db }),
    // And each batch's stakes to the owners' member-level progress, in one statement.
    levels: createLevelsRecorder({ db }),
  });
  // Connected before the clock starts, as the anchor's client is.
  await Promise.all(Array.from({ length: WORKERS }, () => database.ping()));
  const start = performance.now();
  let settled = 0;
  // WORKERS settlement loops at once, as several processes would run them (SKIP LOCKED).
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (;;) {
        const n = await trading.settleDue(BATCH);
        settled += n;
        if (n === 0) return;
      }
    }),
  );
  const ms = performance.now() - start;
  await database.close();
  if (settled !== ORDERS) throw new Error(`settled ${settled} of ${ORDERS}`);
  return ms;
}

async function runAnchor(url: string, nowMs: number): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = performance.now();
  // The script has one parameter ($1, now); pg runs one statement per query with parameters.
  for (const statement of RAW_SETTLEMENT.split(';\n')
    .map((s) => s.trim())
    .filter(Boolean)) {
    await client.query(statement, statement.includes('$1') ? [nowMs] : []);
  }
  const ms = performance.now() - start;
  const { rows } = await client.query<{ n: string }>(
    `select count(*) as n from trade_order where status <> 'open'`,
  );
  await client.end();
  if (Number(rows[0]?.n) !== ORDERS) throw new Error(`anchor settled ${rows[0]?.n} of ${ORDERS}`);
  return ms;
}

async function checkBalanced(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ off: string }>(
    `select count(*) as off from (select currency from ledger_posting group by currency having sum(amount_minor) <> 0) x`,
  );
  await client.end();
  if (rows[0]?.off !== '0') throw new Error('ledger unbalanced after settlement');
}

export interface SettleResult {
  orders: number;
  batch: number;
  workers: number;
  subjectMs: number[];
  anchorMs: number[];
  subjectMedianMs: number;
  anchorMedianMs: number;
  ratio: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export async function benchSettle(): Promise<SettleResult> {
  const stamp = Date.now().toString(36);
  const template = `ampere_bench_settle_${stamp}`;
  await admin(`create database ${template}`);
  const t0 = Date.now() - 120_000;
  const seedDb = openPostgres(dbUrl(template), 4, () => undefined);
  await prepareDatabase(seedDb);
  await seed(seedDb.db, t0);
  await seedDb.close();

  const subjectMs: number[] = [];
  const anchorMs: number[] = [];
  try {
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ['subject', 'anchor'] as const) {
        const name = `${template}_${kind}_${round}`;
        await admin(`create database ${name} template ${template}`);
        try {
          const url = dbUrl(name);
          if (kind === 'subject') subjectMs.push(await runSubject(url));
          else anchorMs.push(await runAnchor(url, Date.now()));
          await checkBalanced(url);
        } finally {
          await admin(`drop database if exists ${name} with (force)`);
        }
      }
    }
  } finally {
    await admin(`drop database if exists ${template} with (force)`);
  }
  const subjectMedianMs = median(subjectMs);
  const anchorMedianMs = median(anchorMs);
  return {
    orders: ORDERS,
    batch: BATCH,
    workers: WORKERS,
    subjectMs,
    anchorMs,
    subjectMedianMs,
    anchorMedianMs,
    ratio: subjectMedianMs / anchorMedianMs,
  };
}
