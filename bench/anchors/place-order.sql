-- The anchor of bench/place-order.ts: the SQL of one `POST /api/v1/user/buy` as the server sends
-- it (captured with log_statement = 'all'), for pgbench:
--
--   pgbench -n -M prepared -c 50 -j 2 -T 10 -f bench/anchors/place-order.sql \
--     -D uid_min=2 -D uid_max=2001 <database seeded by bench/place-order.ts>
--
-- One round trip, as the server sends it. A user drawn at random from the seeded set
-- (uid_min = uid_max: the hot user); a 10 CNY stake on BTC/USDT for 600 s. The bench seeds each
-- user a session whose token is 'b' || lpad(user id, 42, '0'), so the token hash the server
-- computes in JS is computed here in SQL. The request hash is a constant of the same shape; the
-- server computes it in JS.
\set uid random(:uid_min, :uid_max)

-- (products, periods and the amount range come from the server's in-process catalog: no statement)

-- trading.repository openInSession(): the session check and the whole order in one statement and
-- its own transaction (migration 0011's trade_open_session: the live session and its enabled
-- user, then trade_open, migrations 0009 and 0013 — idempotency claim naming the order, strike,
-- limits, ledger_move available -> in_order, the order). The server passes 5000 as the strike's greatest
-- age; pgbench runs after the server (and its simulated feed) has stopped, so the anchor
-- accepts a strike of any age: the same statement, the same work.
select t.s_id, t.s_token_hash, t.s_created_at, t.s_rotated_at, t.s_last_seen_at,
       (t.o).*, t.replayed, t.available_after, t.in_order_after
  from trade_open_session(encode(sha256(convert_to('b' || lpad(:uid::text, 42, '0'), 'UTF8')), 'hex'),
                          gen_random_uuid()::text, '84c4a06848ba0dd8b1b388c92b4b09c66f222e17102071d9bcba7d25fc26b6dc',
                          'BTC/USDT', 'up', 'money', 1000, 600, 9000, 2,
                          (extract(epoch from now()) * 1000)::bigint, 1000000000000) t;
