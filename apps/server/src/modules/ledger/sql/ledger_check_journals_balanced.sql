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
