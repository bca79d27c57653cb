-- Database-enforced ledger invariants (docs/ledger.md). Application code asserts the same
-- things before writing; these make a bug fail loudly instead of corrupting money.

-- Journals, postings and the audit log are append-only: corrections are reversing journals.
CREATE FUNCTION ampere_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % refused', TG_TABLE_NAME, TG_OP
    USING ERRCODE = 'restrict_violation';
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_journal_append_only BEFORE UPDATE OR DELETE ON ledger_journal
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_journal_no_truncate BEFORE TRUNCATE ON ledger_journal
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_posting_append_only BEFORE UPDATE OR DELETE ON ledger_posting
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_posting_no_truncate BEFORE TRUNCATE ON ledger_posting
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION ampere_refuse_change();
--> statement-breakpoint

-- Every journal sums to zero in each currency, checked when the transaction commits (so the
-- postings of one journal can be inserted in any order).
CREATE FUNCTION ledger_check_journal_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
BEGIN
  SELECT currency, sum(amount_minor) AS total INTO unbalanced
    FROM ledger_posting
   WHERE journal_id = NEW.journal_id
   GROUP BY currency
  HAVING sum(amount_minor) <> 0
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger journal % does not balance in %: off by %',
      NEW.journal_id, unbalanced.currency, unbalanced.total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_posting_balanced AFTER INSERT ON ledger_posting
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION ledger_check_journal_balanced();
