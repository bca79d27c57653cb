-- Statement trigger: every journal a statement touched sums to zero per currency, and stays in
-- one book — the practice book's currency (`usdt_practice`) never in a journal with a real one.
-- Each journal's postings are read through the journal index, one journal at a time (a lateral
-- subquery with an aggregate is never flattened into a join): the cost follows the statement's
-- size, not the table's. A join here let the planner walk the whole index (a merge join) once
-- per statement, so a batch took longer the larger the ledger grew (bench/accrual).
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION ledger_check_journals_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bad record;
BEGIN
  SELECT j.journal_id, s.currency, s.total, s.mixed INTO bad
    FROM (SELECT DISTINCT journal_id FROM inserted) j
   CROSS JOIN LATERAL (
     SELECT c.currency, c.total,
            bool_or(c.currency = 'usdt_practice') OVER ()
              AND bool_or(c.currency <> 'usdt_practice') OVER () AS mixed
       FROM (SELECT p.currency, sum(p.amount_minor) AS total
               FROM ledger_posting p
              WHERE p.journal_id = j.journal_id
              GROUP BY p.currency) c
   ) s
   WHERE s.total <> 0 OR s.mixed
   ORDER BY s.total <> 0 DESC
   LIMIT 1;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  IF bad.total <> 0 THEN
    RAISE EXCEPTION 'ledger journal % does not balance in %: off by %',
      bad.journal_id, bad.currency, bad.total
      USING ERRCODE = 'check_violation';
  END IF;
  RAISE EXCEPTION 'ledger journal % mixes the practice and real books', bad.journal_id
    USING ERRCODE = 'check_violation';
END
$$;
