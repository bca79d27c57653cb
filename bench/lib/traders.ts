import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PacedRequest } from './paced.js';
import { databaseUrl, psql } from './postgres.js';
import { serverArgs, startProcess } from './process.js';

/**
 * The trading side of the database benchmarks (place-order, accrual-latency): the built server
 * started as `npm start` starts it on a PostgreSQL database, users seeded with sessions and
 * balances, and the order every request places.
 */

/** The order every request places: the smallest CNY stake on BTC/USDT for 600 s. */
export const ORDER_BODY = 'symbol=BTC%2FUSDT&direction=up&amount=10&currency=money&period=600';
/** Balances large enough for every order of the run (CNY minor units: 1,000,000 / 100,000,000 CNY). */
const USER_CREDIT_MINOR = 100_000_000n;
const HOT_CREDIT_MINOR = 10_000_000_000n;

/** The token the seed gives user `id` a session for (the same rule is in place-order.sql). */
export const tokenOf = (id: number) => `b${String(id).padStart(42, '0')}`;

/**
 * Seeds `users` users the way the service would leave them, in a few set-based statements:
 * app_user rows (sharing the password hash of the user registered through the API), their eight
 * ledger accounts, a live session each with a known token (the hot user too, for pgbench), and
 * one balanced adjustment journal each crediting `available` from house equity (what
 * `npm run ops -- credit` posts, without its audit-log line). Returns the seeded id range.
 */
export function seedTraders(
  database: string,
  hotId: number,
  users: number,
): { min: number; max: number } {
  const ids = psql(
    database,
    `
begin;
insert into app_user (uid, username, password_hash, invite_code)
  select 1000000 + g, 'po' || g, (select password_hash from app_user where id = ${hotId}),
         'Z' || lpad(g::text, 7, '0')
    from generate_series(1, ${users}) g;
insert into ledger_account (user_id, currency, purpose)
  select u.id, c, p
    from app_user u
   cross join unnest(array['money', 'usdt']) c
   cross join unnest(array['available', 'in_order', 'earn_principal', 'withdraw_hold']) p
   where u.id <> ${hotId}
   order by u.id, c, p;
insert into user_session (user_id, token_hash, expires_at, ip, user_agent)
  select id, encode(sha256(convert_to('b' || lpad(id::text, 42, '0'), 'UTF8')), 'hex'),
         now() + interval '7 days', '127.0.0.1', 'bench/place-order'
    from app_user;
with j as (
  insert into ledger_journal (kind, actor, user_id, memo)
  select 'adjustment_credit', 'bench:seed', id, 'bench/place-order balance' from app_user order by id
  returning id, user_id
), a as (
  update ledger_account la
     set balance_minor = la.balance_minor
       + case when la.user_id = ${hotId} then ${HOT_CREDIT_MINOR} else ${USER_CREDIT_MINOR} end
    from j
   where la.user_id = j.user_id and la.currency = 'money' and la.purpose = 'available'
  returning la.id, la.user_id, la.balance_minor
)
insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
select j.id, a.id, 'money', a.balance_minor, a.balance_minor from j join a using (user_id)
union all
select j.id,
       (select id from ledger_account where user_id is null and currency = 'money' and purpose = 'house_equity'),
       'money',
       -(case when j.user_id = ${hotId} then ${HOT_CREDIT_MINOR} else ${USER_CREDIT_MINOR} end),
       null
  from j;
commit;
analyze;
select min(id) || ' ' || max(id) from app_user where id <> ${hotId};
`,
  );
  const [min, max] = ids.split(' ').map(Number);
  if (min === undefined || max === undefined || max - min + 1 !== users)
    throw new Error(`seeded ids ${ids}, expected ${users} users`);
  return { min, max };
}

/** A fixed data key for benchmark databases only: nothing secret is sealed in them. */
const BENCH_DATA_KEY = Buffer.alloc(32, 7).toString('base64');

/**
 * The server's environment for a database benchmark: `MARKET_FEED_PUBLISH=true` (the simulated
 * feed keeps BTC/USDT fresh, as in production), rate limits out of the way, `LOG_LEVEL=warn`, no
 * Redis, its own DATA_DIR (remove it at the end), the benchmarks' one data key (every node of a
 * run on one database must share it, or the second refuses to start) — plus `extra`.
 */
export function benchServerEnv(opts: {
  port: number;
  database: string;
  poolSize: number;
  extra?: Record<string, string>;
}): Record<string, string> & { DATA_DIR: string } {
  return {
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'ampere-bench-po-')),
    DATABASE_URL: databaseUrl(opts.database),
    DATA_ENCRYPTION_KEY: BENCH_DATA_KEY,
    MARKET_FEED_PUBLISH: 'true',
    RATE_LIMIT_PER_MIN: '1000000',
    DATABASE_POOL_SIZE: String(opts.poolSize),
    LOG_LEVEL: 'warn',
    REDIS_URL: '',
    ...opts.extra,
  };
}

/** Starts the built server (apps/server/dist/main.js) with `env`; ready once `/readyz` is. */
export const startBenchServer = (
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ReturnType<typeof startProcess> =>
  startProcess(
    process.execPath,
    serverArgs(nodeArgs),
    env,
    `http://127.0.0.1:${env.PORT ?? ''}/readyz`,
  );

/**
 * The seed through a running server: one user signs up through the API (the hot user: a real
 * sign-up, whose password hash the others share), then `users` more set-based (`seedTraders`).
 */
export async function signUpAndSeed(
  base: string,
  database: string,
  users: number,
): Promise<{ ids: { min: number; max: number }; hotId: number; hotToken: string }> {
  const signup = await fetch(`${base}/api/v1/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: 'pohot',
      password: 'Bench-pass-1',
      repassword: 'Bench-pass-1',
    }),
  });
  const signed = (await signup.json()) as { code: number; data?: { token: string } };
  if (!signed.data?.token) throw new Error(`register failed: ${JSON.stringify(signed)}`);
  const hotId = Number(psql(database, `select id from app_user where username = 'pohot';`));
  return { ids: seedTraders(database, hotId, users), hotId, hotToken: signed.data.token };
}

/** `POST user/buy` of ORDER_BODY signed with `token`, under its own idempotency key. */
export const buyRequest = (token: string, idempotencyKey: string): PacedRequest => ({
  method: 'POST',
  path: '/api/v1/user/buy',
  headers: {
    'content-type': 'application/x-www-form-urlencoded',
    authorization: `Bearer ${token}`,
    'idempotency-key': idempotencyKey,
  },
  body: ORDER_BODY,
});

/**
 * Sends `requests` until all of them place an order (the first wait for the feed's first tick);
 * returns how many orders that placed.
 */
export async function placeFirstOrders(base: string, requests: () => PacedRequest[]) {
  let placed = 0;
  for (let attempt = 0; ; attempt++) {
    const answers = await Promise.all(
      requests().map((r) =>
        fetch(`${base}${r.path}`, { method: r.method, headers: r.headers, body: r.body }).then(
          async (res) => ({ status: res.status, body: await res.text() }),
        ),
      ),
    );
    placed += answers.filter((a) => a.status === 200).length;
    if (answers.every((a) => a.status === 200)) return placed;
    if (attempt > 40) throw new Error(`buy refused: ${JSON.stringify(answers)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
