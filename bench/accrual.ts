import pg from 'pg';
import { prepareDatabase } from '../apps/server/src/bootstrap.js';
import { openPostgres, type Db } from '../apps/server/src/db/client.js';
import { createAuditService } from '../apps/server/src/modules/audit/audit.service.js';
import { ACCRUAL_BATCH } from '../apps/server/src/modules/earn/accrual.job.js';
import { earnCalendar } from '../apps/server/src/modules/earn/days.js';
import { createEarnService } from '../apps/server/src/modules/earn/earn.service.js';
import { createLedgerService } from '../apps/server/src/modules/ledger/ledger.service.js';
import { createNotificationsService } from '../apps/server/src/modules/notifications/notifications.service.js';
import { seedEarnOrders } from './lib/earn-seed.js';

/**
 * bench/accrual (issue #15): ORDERS open Earn orders, one day due, accrued by the real code
 * (`earn.drainDue` in batches, WORKERS loops as that many processes would run them) against
 * the anchor — a raw set-based SQL accrual of the same data writing the same rows (journals,
 * postings with running balances, account balances, accrual rows, orders) — in the same run,
 * each from an identical copy (a template database). Goal: ≥ 0.8× the anchor's rows/s.
 * (Place-order's p99 while accrual runs: bench/accrual-latency.ts.)
 */
const ADMIN_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ORDERS = Number(process.env.BENCH_ACCRUAL_ORDERS ?? 1_000_000);
const PER_USER = 10;
const BATCH = Number(process.env.BENCH_ACCRUAL_BATCH ?? ACCRUAL_BATCH);
const ROUNDS = Number(process.env.BENCH_ACCRUAL_ROUNDS ?? 1);
const WORKERS = Number(process.env.BENCH_ACCRUAL_WORKERS ?? 2);
const calendar = earnCalendar(480);
const START_DAY = calendar.dayOf(Date.UTC(2026, 10, 21, 8));
const AT = calendar.dayStartMs(START_DAY + 1) + 60_000;

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

const seed = (db: Db) =>
  seedEarnOrders(db, {
    orders: ORDERS,
    perUser: PER_USER,
    startDay: START_DAY,
    createdAtMs: AT - 86_400_000,
  });

/** The anchor: the same day's accrual as plain set-based SQL in one transaction. */
const RAW_ACCRUAL = `
begin;
create temp table due on commit drop as
select o.id, o.user_id, o.start_day + o.accrued_days as day,
       o.principal_minor * o.rate_e8 / 100000000 as amount
  from earn_order o
 where o.status = 'hosting' and o.next_due_day <= $1
 order by o.id
   for update of o;
alter table due add column journal_id bigint;
update due set journal_id = nextval(pg_get_serial_sequence('ledger_journal', 'id'));
insert into ledger_journal (id, kind, reference, user_id, actor, created_at) overriding system value
select journal_id, 'earn_interest', 'earn_order:' || id || ':' || day, user_id, 'system:earn', now() from due;
create temp table legs on commit drop as
select d.journal_id, a.id as account_id, d.amount from due d
  join ledger_account a on a.user_id = d.user_id and a.currency = 'money' and a.purpose = 'available'
union all
select d.journal_id, h.id, -d.amount from due d
  join ledger_account h on h.user_id is null and h.currency = 'money' and h.purpose = 'house_interest';
with locked as (select a.id, a.balance_minor from ledger_account a
                 where a.id in (select account_id from legs) and a.user_id is not null
                 order by a.id for update)
insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
select l.journal_id, l.account_id, 'money', l.amount,
       case when k.id is null then null
            else k.balance_minor + sum(l.amount) over (partition by l.account_id order by l.journal_id) end
  from legs l left join locked k on k.id = l.account_id;
update ledger_account a set balance_minor = a.balance_minor + s.delta
  from (select account_id, sum(amount) as delta from legs group by account_id) s
 where a.id = s.account_id and a.user_id is not null;
insert into earn_accrual (order_id, day, amount_minor, journal_id, paid_at_ms)
select id, day, amount, journal_id, $2 from due;
update earn_order o set accrued_days = o.accrued_days + 1, next_due_day = o.next_due_day + 1,
       interest_paid_minor = o.interest_paid_minor + d.amount
  from due d where o.id = d.id;
commit;`;

async function runSubject(url: string): Promise<number> {
  const database = openPostgres(url, WORKERS + 1, () => undefined);
  const db = database.db;
  const earn = createEarnService({
    db,
    ledger: createLedgerService({ now: () => new Date(AT) }),
    notifications: createNotificationsService({ db, now: () => new Date(AT) }),
    audit: createAuditService({ db, now: () => new Date(AT) }),
    now: () => AT,
    utcOffsetMinutes: 480,
    checkFundPassword: async () => undefined,
  });
  await Promise.all(Array.from({ length: WORKERS }, () => database.ping()));
  const start = performance.now();
  let paid = 0;
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      // Not `paid += await …`: that reads `paid` before the await, and the last worker to
      // finish would overwrite the other's count.
      const n = await earn.drainDue({ batch: BATCH });
      paid += n;
    }),
  );
  const ms = performance.now() - start;
  await database.close();
  if (paid !== ORDERS) throw new Error(`accrued ${paid} of ${ORDERS}`);
  return ms;
}

async function runAnchor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const start = performance.now();
  for (const statement of RAW_ACCRUAL.split(';\n')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const params = statement.includes('$2')
      ? [AT]
      : statement.includes('$1')
        ? [calendar.dayOf(AT)]
        : [];
    await client.query(statement.replace('$2', '$1'), params);
  }
  const ms = performance.now() - start;
  const { rows } = await client.query<{ n: string }>(`select count(*) as n from earn_accrual`);
  await client.end();
  if (Number(rows[0]?.n) !== ORDERS) throw new Error(`anchor accrued ${rows[0]?.n} of ${ORDERS}`);
  return ms;
}

async function checkBalanced(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ off: string }>(
    `select count(*) as off from (select currency from ledger_posting group by currency having sum(amount_minor) <> 0) x`,
  );
  await client.end();
  if (rows[0]?.off !== '0') throw new Error('ledger unbalanced after accrual');
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};

export async function benchAccrual() {
  const template = `ampere_bench_accrual_${Date.now().toString(36)}`;
  await admin(`create database ${template}`);
  const seeded = performance.now();
  const seedDb = openPostgres(dbUrl(template), 4, () => undefined);
  await prepareDatabase(seedDb);
  await seed(seedDb.db);
  await seedDb.close();
  const seedMs = performance.now() - seeded;
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
          else anchorMs.push(await runAnchor(url));
          await checkBalanced(url);
        } finally {
          await admin(`drop database if exists ${name} with (force)`);
        }
      }
    }
  } finally {
    await admin(`drop database if exists ${template} with (force)`);
  }
  const s = median(subjectMs);
  const a = median(anchorMs);
  return {
    orders: ORDERS,
    batch: BATCH,
    workers: WORKERS,
    seedMs: Math.round(seedMs),
    subjectMs: subjectMs.map(Math.round),
    anchorMs: anchorMs.map(Math.round),
    subjectRowsPerS: Math.round((ORDERS / s) * 1000),
    anchorRowsPerS: Math.round((ORDERS / a) * 1000),
    ratio: Number((a / s).toFixed(2)),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(JSON.stringify(await benchAccrual(), null, 2));
}
