-- The anchor of bench/place-order.ts: the SQL of one `POST /api/v1/user/buy`, statement for
-- statement as the server sends it (captured with log_statement = 'all'), for pgbench:
--
--   pgbench -n -M prepared -c 50 -j 2 -T 10 -f bench/anchors/place-order.sql \
--     -D uid_min=2 -D uid_max=2001 <database seeded by bench/place-order.ts>
--
-- One client round trip per statement, like node-postgres. A user drawn at random from the
-- seeded set (uid_min = uid_max: the hot user); a 10 CNY stake on BTC/USDT for 600 s. The bench
-- seeds each user a session whose token is 'b' || lpad(user id, 42, '0'), so the token hash the
-- server computes in JS is computed here in SQL. The request hash and the stored response are
-- constants of the same shape and size; the server computes them in JS.
\set uid random(:uid_min, :uid_max)

-- requireUser: the session and its user
select "user_session"."id", "user_session"."user_id", "user_session"."token_hash", "user_session"."previous_token_hash", "user_session"."previous_valid_until", "user_session"."created_at", "user_session"."rotated_at", "user_session"."last_seen_at", "user_session"."expires_at", "user_session"."revoked_at", "user_session"."ip", "user_session"."user_agent", "app_user"."id", "app_user"."uid", "app_user"."username", "app_user"."password_hash", "app_user"."fund_password_hash", "app_user"."fund_password_failures", "app_user"."fund_password_locked_until", "app_user"."status", "app_user"."level", "app_user"."credit_score", "app_user"."invite_code", "app_user"."referrer_id", "app_user"."created_at" from "user_session" inner join "app_user" on "app_user"."id" = "user_session"."user_id" where (("user_session"."token_hash" = encode(sha256(convert_to('b' || lpad(:uid::text, 42, '0'), 'UTF8')), 'hex') or ("user_session"."previous_token_hash" = encode(sha256(convert_to('b' || lpad(:uid::text, 42, '0'), 'UTF8')), 'hex') and "user_session"."previous_valid_until" > now())) and "user_session"."revoked_at" is null and "user_session"."expires_at" > now());

-- (products and periods come from the server's in-process catalog: no statement)

begin;
-- runIdempotent: claim the key
insert into "idempotency_record" ("user_id", "key", "operation", "request_hash", "response", "created_at") values (:uid, gen_random_uuid()::text, 'user/buy', '84c4a06848ba0dd8b1b388c92b4b09c66f222e17102071d9bcba7d25fc26b6dc', 'null'::jsonb, default) on conflict do nothing returning "key" as idem_key
\gset
-- trading opening: a fresh order id, the strike, and the user's limits locked (no row: none)
select nextval(pg_get_serial_sequence('trade_order', 'id')) as order_id,
       t.id as tick_id, t.time_ms as tick_time, t.price_minor as tick_price,
       l.user_id as limit_user_id, l.daily_loss_money_minor, l.daily_loss_usdt_minor,
       l.daily_trades, l.tz_offset_minutes, l.reminder_minutes, l.updated_at_ms
  from (select 1) as one
  left join lateral (select id, time_ms, price_minor from tick
                      where symbol = 'BTC/USDT' order by id desc limit 1) t on true
  left join lateral (select * from trade_limit where user_id = :uid for update) l on true
\gset
-- ledger.post: available -> in_order, each with its balance check, in lock order
update "ledger_account" set "balance_minor" = "ledger_account"."balance_minor" + -1000 where ("ledger_account"."user_id" = :uid and "ledger_account"."currency" = 'money' and "ledger_account"."purpose" = 'available' and "ledger_account"."balance_minor" + -1000 >= 0) returning "id" as avail_id, "balance_minor" as avail_after
\gset
update "ledger_account" set "balance_minor" = "ledger_account"."balance_minor" + 1000 where ("ledger_account"."user_id" = :uid and "ledger_account"."currency" = 'money' and "ledger_account"."purpose" = 'in_order' and "ledger_account"."balance_minor" + 1000 >= 0) returning "id" as held_id, "balance_minor" as held_after
\gset
with j as (
  insert into ledger_journal (kind, reference, user_id, actor, memo, reverses_id, created_at)
  values ('trade_open', 'order:' || :order_id, :uid, 'user:' || :uid, null, null, now())
  returning id),
p as (
  insert into ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
  select j.id, v.account_id, v.currency, v.amount_minor, v.balance_after_minor
    from j, unnest(array[:avail_id, :held_id]::bigint[], array['money', 'money']::text[],
                   array[-1000, 1000]::bigint[], array[:avail_after, :held_after]::bigint[])
         as v(account_id, currency, amount_minor, balance_after_minor))
select id as journal_id from j
\gset
-- the order
insert into "trade_order" ("id", "user_id", "symbol", "direction", "currency", "stake_minor", "period_seconds", "payout_bps", "strike_tick_id", "strike_price_minor", "strike_time_ms", "price_scale", "opened_at_ms", "expires_at_ms", "status", "exit_tick_id", "exit_price_minor", "exit_time_ms", "payout_minor", "settled_at_ms", "open_journal_id", "settle_journal_id") values (:order_id, :uid, 'BTC/USDT', 'up', 'money', 1000, 600, 9000, :tick_id, :tick_price, :tick_time, 2, (extract(epoch from now()) * 1000)::bigint, (extract(epoch from now()) * 1000)::bigint + 600000, default, default, default, default, default, default, :journal_id, default) returning "id", "user_id", "symbol", "direction", "currency", "stake_minor", "period_seconds", "payout_bps", "strike_tick_id", "strike_price_minor", "strike_time_ms", "price_scale", "opened_at_ms", "expires_at_ms", "status", "exit_tick_id", "exit_price_minor", "exit_time_ms", "payout_minor", "settled_at_ms", "open_journal_id", "settle_journal_id";
-- runIdempotent: store the response
update "idempotency_record" set "response" = '{"id": "1", "name": "Bitcoin", "amount": "10.00", "payout": null, "period": 600, "profit": null, "status": "open", "symbol": "BTC/USDT", "currency": "money", "exitTime": null, "openedAt": 1795257036215, "direction": "up", "exitPrice": null, "expiresAt": 1795257636215, "settledAt": null, "payoutRate": "0.9", "strikeTime": 1795257035868, "strikePrice": "96989.88", "secondsRemaining": 600}'::jsonb where ("idempotency_record"."user_id" = :uid and "idempotency_record"."key" = :idem_key);
commit;
