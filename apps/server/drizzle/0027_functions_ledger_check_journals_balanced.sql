-- Functions changed in their sources (modules/ledger/sql/ledger_check_journals_balanced.sql).
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
