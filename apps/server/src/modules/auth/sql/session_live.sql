-- The one definition of a live session for a token hash at a time (current or in its grace period).
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION session_live(p_token_hash text, p_at timestamptz)
RETURNS SETOF user_session
LANGUAGE sql STABLE AS $$
  SELECT s.*
    FROM user_session s
   WHERE (s.token_hash = p_token_hash
          OR (s.previous_token_hash = p_token_hash AND s.previous_valid_until > p_at))
     AND s.revoked_at IS NULL
     AND s.expires_at > p_at
$$;
