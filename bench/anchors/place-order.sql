-- The anchor of bench/place-order.ts: the SQL of one `POST /api/v1/user/buy`, both statements
-- as the server sends them (captured with log_statement = 'all'), for pgbench:
--
--   pgbench -n -M prepared -c 50 -j 2 -T 10 -f bench/anchors/place-order.sql \
--     -D uid_min=2 -D uid_max=2001 <database seeded by bench/place-order.ts>
--
-- One client round trip per statement, as the server sends them. A user drawn at random from the
-- seeded set (uid_min = uid_max: the hot user); a 10 CNY stake on BTC/USDT for 600 s. The bench
-- seeds each user a session whose token is 'b' || lpad(user id, 42, '0'), so the token hash the
-- server computes in JS is computed here in SQL. The request hash is a constant of the same
-- shape; the server computes it in JS.
\set uid random(:uid_min, :uid_max)

-- requireUser: the session and what authentication reads of it, and its user
-- (auth.repository findSession, prepared by name as `auth_find_session`)
select "user_session"."id", "user_session"."token_hash", "user_session"."created_at", "user_session"."rotated_at", "user_session"."last_seen_at", "app_user"."id", "app_user"."uid", "app_user"."username", "app_user"."password_hash", "app_user"."fund_password_hash", "app_user"."fund_password_failures", "app_user"."fund_password_locked_until", "app_user"."status", "app_user"."level", "app_user"."credit_score", "app_user"."invite_code", "app_user"."referrer_id", "app_user"."created_at" from "user_session" inner join "app_user" on "app_user"."id" = "user_session"."user_id" where (("user_session"."token_hash" = encode(sha256(convert_to('b' || lpad(:uid::text, 42, '0'), 'UTF8')), 'hex') or ("user_session"."previous_token_hash" = encode(sha256(convert_to('b' || lpad(:uid::text, 42, '0'), 'UTF8')), 'hex') and "user_session"."previous_valid_until" > now())) and "user_session"."revoked_at" is null and "user_session"."expires_at" > now());

-- (products, periods and the amount range come from the server's in-process catalog: no statement)

-- trading.repository open(): the whole order in one statement and its own transaction
-- (migration 0009's trade_open: idempotency claim, strike, limits, ledger_move available ->
-- in_order, the order, the stored response). The server passes 5000 as the strike's greatest
-- age; pgbench runs after the server (and its simulated feed) has stopped, so the anchor
-- accepts a strike of any age: the same statements, the same work.
select (t.o).*, t.replayed, t.available_after, t.in_order_after
  from trade_open(:uid, gen_random_uuid()::text, '84c4a06848ba0dd8b1b388c92b4b09c66f222e17102071d9bcba7d25fc26b6dc',
                  'BTC/USDT', 'up', 'money', 1000, 600, 9000, 2,
                  (extract(epoch from now()) * 1000)::bigint, 1000000000000) t;
