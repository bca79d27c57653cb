-- trade_open for the user of a live session, checked in the same statement (POST user/buy).
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION trade_open_session(
  p_token_hash text, p_key text, p_request_hash text, p_symbol text, p_direction text,
  p_currency text, p_stake bigint, p_period_seconds integer, p_payout_bps integer,
  p_price_scale integer, p_at_ms bigint, p_stale_after_ms bigint)
RETURNS TABLE (s_id bigint, s_token_hash text, s_created_at timestamptz, s_rotated_at timestamptz,
               s_last_seen_at timestamptz, s_user_id bigint, o trade_order, replayed boolean,
               available_after bigint, in_order_after bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_session record;
BEGIN
  SELECT l.id, l.token_hash, l.created_at, l.rotated_at, l.last_seen_at, l.user_id
    INTO v_session
    FROM session_live(p_token_hash, timestamptz 'epoch' + p_at_ms * interval '1 millisecond') l
    JOIN app_user u ON u.id = l.user_id
   WHERE u.status <> 0
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  RETURN QUERY
    SELECT v_session.id, v_session.token_hash, v_session.created_at, v_session.rotated_at,
           v_session.last_seen_at, v_session.user_id, t.o, t.replayed, t.available_after,
           t.in_order_after
      FROM trade_open(v_session.user_id, p_key, p_request_hash, p_symbol, p_direction,
                      p_currency, p_stake, p_period_seconds, p_payout_bps, p_price_scale,
                      p_at_ms, p_stale_after_ms) t;
END
$$;
