-- The balance check moves from one deferred check per posting row to one check per INSERT
-- statement over the journals that statement touched (a transition table). Bulk settlement
-- inserts thousands of postings at once; a per-row check cost one query each at commit.
-- A journal's postings must now arrive in one statement (the ledger service always does so);
-- postings added to a journal later are checked against all of its postings, so a journal can
-- never be left unbalanced.
DROP TRIGGER ledger_posting_balanced ON ledger_posting;
--> statement-breakpoint
DROP FUNCTION ledger_check_journal_balanced();
--> statement-breakpoint
CREATE FUNCTION ledger_check_journals_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  unbalanced record;
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
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER ledger_posting_balanced AFTER INSERT ON ledger_posting
  REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_check_journals_balanced();
