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
