-- The tick chain cannot be rewritten quietly (issue #23). `tick`, `tick_gap` and `chain_head`
-- are append-only, as the ledger is (ampere_refuse_change, migration 0002): no UPDATE, no
-- TRUNCATE. A tick is deleted only by retention, which records the removed run in `tick_gap` in
-- the same transaction before deleting it: a tick no gap covers cannot be deleted. Gaps and
-- heads are never deleted. (A superuser can still switch triggers off; that is why chain heads
-- are also signed with a key the database does not hold and appended to a file under DATA_DIR.)
ALTER TABLE "chain_head" ADD COLUMN "signature" text;--> statement-breakpoint

CREATE FUNCTION tick_delete_into_gap() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER tick_append_only BEFORE UPDATE ON tick
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER tick_delete_into_gap BEFORE DELETE ON tick
  FOR EACH ROW EXECUTE FUNCTION tick_delete_into_gap();
--> statement-breakpoint
CREATE TRIGGER tick_no_truncate BEFORE TRUNCATE ON tick
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER tick_gap_append_only BEFORE UPDATE OR DELETE ON tick_gap
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER tick_gap_no_truncate BEFORE TRUNCATE ON tick_gap
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER chain_head_append_only BEFORE UPDATE OR DELETE ON chain_head
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER chain_head_no_truncate BEFORE TRUNCATE ON chain_head
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
