CREATE TABLE "practice_book" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"start_minor" bigint NOT NULL,
	"opened_at_ms" bigint NOT NULL,
	"resets" integer DEFAULT 0 NOT NULL,
	"last_reset_at_ms" bigint,
	CONSTRAINT "practice_book_start" CHECK ("practice_book"."start_minor" > 0),
	CONSTRAINT "practice_book_resets" CHECK (("practice_book"."resets" = 0) = ("practice_book"."last_reset_at_ms" is null))
);
--> statement-breakpoint
ALTER TABLE "ledger_account" DROP CONSTRAINT "ledger_account_currency_check";--> statement-breakpoint
ALTER TABLE "trade_order" DROP CONSTRAINT "trade_order_currency";--> statement-breakpoint
ALTER TABLE "practice_book" ADD CONSTRAINT "practice_book_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_account" ADD CONSTRAINT "ledger_account_currency_check" CHECK ("ledger_account"."currency" in ('money', 'usdt', 'usdt_practice'));--> statement-breakpoint
ALTER TABLE "trade_order" ADD CONSTRAINT "trade_order_currency" CHECK ("trade_order"."currency" in ('money', 'usdt', 'usdt_practice'));
--> statement-breakpoint
-- hand-written below
-- The practice book (docs/ledger.md, books): the balance trigger also refuses a journal that
-- mixes it with real money; trading counts and limits practice orders apart.
-- Statement trigger: every journal a statement touched sums to zero per currency, and stays in
-- one book — the practice book's currency (`usdt_practice`) never in a journal with a real one.
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION ledger_check_journals_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
  mixed record;
BEGIN
  SELECT p.journal_id, p.currency, sum(p.amount_minor) AS total INTO unbalanced
    FROM ledger_posting p
   WHERE p.journal_id IN (SELECT DISTINCT journal_id FROM inserted)
   GROUP BY p.journal_id, p.currency
  HAVING sum(p.amount_minor) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger journal % does not balance in %: off by %',
      unbalanced.journal_id, unbalanced.currency, unbalanced.total
      USING ERRCODE = 'check_violation';
  END IF;
  SELECT p.journal_id INTO mixed
    FROM ledger_posting p
   WHERE p.journal_id IN (SELECT DISTINCT journal_id FROM inserted)
   GROUP BY p.journal_id
  HAVING bool_or(p.currency = 'usdt_practice') AND bool_or(p.currency <> 'usdt_practice')
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger journal % mixes the practice and real books', mixed.journal_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Accepts an order in one statement: idempotency claim, strike, limits, hold, order (docs/trading-rules.md).
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION trade_open(
  p_user_id bigint, p_key text, p_request_hash text, p_symbol text, p_direction text,
  p_currency text, p_stake bigint, p_period_seconds integer, p_payout_bps integer,
  p_price_scale integer, p_at_ms bigint, p_stale_after_ms bigint)
RETURNS TABLE (o trade_order, replayed boolean, available_after bigint, in_order_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_claimed text;
  v_prior record;
  v_tick record;
  v_limit trade_limit%ROWTYPE;
  v_orders bigint;
  v_net bigint;
  v_open bigint;
  v_loss_limit bigint;
  v_order_id bigint;
  v_move record;
  v_row trade_order%ROWTYPE;
BEGIN
  -- Claim the key first: a concurrent request with the same key waits here for this one. The
  -- record names the order it produced; the order's own row is the stored response.
  v_order_id := nextval('trade_order_id_seq');
  INSERT INTO idempotency_record (user_id, key, operation, request_hash, response)
  VALUES (p_user_id, p_key, 'user/buy', p_request_hash, jsonb_build_object('orderId', v_order_id))
  ON CONFLICT DO NOTHING
  RETURNING key INTO v_claimed;
  IF v_claimed IS NULL THEN
    SELECT r.request_hash, r.response INTO v_prior
      FROM idempotency_record r WHERE r.user_id = p_user_id AND r.key = p_key;
    IF v_prior.request_hash IS DISTINCT FROM p_request_hash THEN
      RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = 'IDEMPOTENCY_KEY_REUSED';
    END IF;
    -- The order as first accepted: its row without what settlement has written since.
    -- (A record written before this migration holds the order itself, whose `id` names it.)
    SELECT x.* INTO v_row FROM trade_order x
     WHERE x.id = coalesce(v_prior.response->>'orderId', v_prior.response->>'id')::bigint;
    v_row.status := 'open';
    v_row.exit_tick_id := NULL;
    v_row.exit_price_minor := NULL;
    v_row.exit_time_ms := NULL;
    v_row.payout_minor := NULL;
    v_row.settled_at_ms := NULL;
    v_row.settle_journal_id := NULL;
    RETURN QUERY SELECT v_row, true, NULL::bigint, NULL::bigint;
    RETURN;
  END IF;

  SELECT t.id, t.time_ms, t.price_minor INTO v_tick
    FROM tick t WHERE t.symbol = p_symbol ORDER BY t.id DESC LIMIT 1;

  -- The user's own limits, locked so concurrent buys of one user are checked one at a time:
  -- at most daily_trades orders a day, and the day's worst case (settled losses plus every
  -- open stake, this one included) within the daily loss limit of the currency. They guard
  -- real money only: a practice order (`usdt_practice`) is neither checked nor counted.
  IF p_currency <> 'usdt_practice' THEN
    SELECT * INTO v_limit FROM trade_limit l WHERE l.user_id = p_user_id FOR UPDATE;
  END IF;
  IF p_currency <> 'usdt_practice' AND FOUND THEN
    SELECT coalesce(sum(d.orders), 0),
           coalesce(sum(d.net) FILTER (WHERE d.currency = p_currency), 0),
           coalesce(sum(d.open) FILTER (WHERE d.currency = p_currency), 0)
      INTO v_orders, v_net, v_open
      FROM trade_day(p_user_id, p_at_ms, v_limit.tz_offset_minutes) d;
    IF v_limit.daily_trades IS NOT NULL AND v_orders >= v_limit.daily_trades THEN
      RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = 'DAILY_TRADE_LIMIT_REACHED';
    END IF;
    v_loss_limit := CASE p_currency WHEN 'money' THEN v_limit.daily_loss_money_minor
                                    ELSE v_limit.daily_loss_usdt_minor END;
    IF v_loss_limit IS NOT NULL AND greatest(-v_net, 0) + v_open + p_stake > v_loss_limit THEN
      RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = 'DAILY_LOSS_LIMIT_REACHED';
    END IF;
  END IF;

  IF v_tick.id IS NULL OR p_at_ms - v_tick.time_ms > p_stale_after_ms THEN
    RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = 'PRODUCT_PAUSED';
  END IF;

  SELECT * INTO v_move FROM ledger_move(
    p_user_id, p_currency, 'available', 'in_order', p_stake, 'trade_open',
    'order:' || v_order_id, 'user:' || p_user_id, timestamptz 'epoch' + p_at_ms * interval '1 millisecond');

  INSERT INTO trade_order (id, user_id, symbol, direction, currency, stake_minor, period_seconds,
                           payout_bps, strike_tick_id, strike_price_minor, strike_time_ms,
                           price_scale, opened_at_ms, expires_at_ms, open_journal_id)
  VALUES (v_order_id, p_user_id, p_symbol, p_direction, p_currency, p_stake, p_period_seconds,
          p_payout_bps, v_tick.id, v_tick.price_minor, v_tick.time_ms, p_price_scale, p_at_ms,
          p_at_ms + p_period_seconds::bigint * 1000, v_move.o_journal_id)
  RETURNING * INTO v_row;

  RETURN QUERY SELECT v_row, false, v_move.o_from_balance, v_move.o_to_balance;
END
$$;
--> statement-breakpoint
-- The one definition of a user's trading day and what it holds (docs/trading-rules.md, limits):
-- the day containing `p_at_ms` for a user `p_tz_minutes` east of UTC; per currency, the orders
-- opened since its start, the settled net (payouts minus stakes) and the stakes still open.
-- Real money only: practice orders (`usdt_practice`) count toward no limit.
-- trade_open checks the daily limits against it; GET user/limits shows it.
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION trade_day(p_user_id bigint, p_at_ms bigint, p_tz_minutes integer)
RETURNS TABLE (currency text, orders bigint, net bigint, open bigint)
LANGUAGE sql STABLE AS $$
  SELECT x.currency,
         count(*),
         coalesce(sum(x.payout_minor - x.stake_minor) FILTER (WHERE x.status <> 'open'), 0)::bigint,
         coalesce(sum(x.stake_minor) FILTER (WHERE x.status = 'open'), 0)::bigint
    FROM trade_order x
   WHERE x.user_id = p_user_id
     AND x.currency <> 'usdt_practice'
     AND x.opened_at_ms >= floor((p_at_ms + p_tz_minutes::bigint * 60000) / 86400000.0)::bigint
                            * 86400000 - p_tz_minutes::bigint * 60000
   GROUP BY x.currency
$$;
