-- Trigger: ticks are deleted only by retention, which records the hole in tick_gap first.
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION tick_delete_into_gap() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The gap starting at or before this tick (primary key order) must reach it.
  IF NOT EXISTS (
    SELECT 1 FROM (
      SELECT g.last_id FROM tick_gap g
       WHERE g.symbol = OLD.symbol AND g.first_id <= OLD.id
       ORDER BY g.first_id DESC LIMIT 1
    ) covering
     WHERE covering.last_id >= OLD.id
  ) THEN
    RAISE EXCEPTION 'tick is append-only: tick % of % is not in a recorded gap', OLD.id, OLD.symbol
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN OLD;
END $$;
