-- The order path's one ledger movement between two of a user's accounts, with its journal.
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION ledger_move(
  p_user_id bigint, p_currency text, p_from text, p_to text, p_amount bigint,
  p_kind text, p_reference text, p_actor text, p_created_at timestamptz,
  OUT o_journal_id bigint, OUT o_from_balance bigint, OUT o_to_balance bigint)
LANGUAGE plpgsql AS $$
DECLARE
  v_from_id bigint;
  v_to_id bigint;
BEGIN
  IF p_amount IS NULL OR p_amount <= 0 OR p_from = p_to THEN
    RAISE EXCEPTION 'ledger_move: % from % to % is not a movement', p_amount, p_from, p_to;
  END IF;
  -- Every writer locks a user's accounts in (user, currency, purpose) order. When `p_from` comes
  -- first, the two UPDATEs below take the locks in that order by themselves; otherwise both rows
  -- are locked first, in order.
  IF p_to COLLATE "C" < p_from COLLATE "C" THEN
    PERFORM 1 FROM ledger_account
      WHERE user_id = p_user_id AND currency = p_currency AND purpose IN (p_from, p_to)
      ORDER BY purpose COLLATE "C"
      FOR UPDATE;
  END IF;
  UPDATE ledger_account SET balance_minor = balance_minor - p_amount
   WHERE user_id = p_user_id AND currency = p_currency AND purpose = p_from
     AND balance_minor - p_amount >= 0
  RETURNING id, balance_minor INTO v_from_id, o_from_balance;
  IF NOT FOUND THEN
    RAISE EXCEPTION USING ERRCODE = 'AM001', MESSAGE = 'INSUFFICIENT_BALANCE';
  END IF;
  UPDATE ledger_account SET balance_minor = balance_minor + p_amount
   WHERE user_id = p_user_id AND currency = p_currency AND purpose = p_to
  RETURNING id, balance_minor INTO v_to_id, o_to_balance;
  IF v_to_id IS NULL THEN
    RAISE EXCEPTION 'ledger_move: user % has no % % account', p_user_id, p_currency, p_to;
  END IF;
  INSERT INTO ledger_journal (kind, reference, user_id, actor, created_at)
  VALUES (p_kind, p_reference, p_user_id, p_actor, p_created_at)
  RETURNING id INTO o_journal_id;
  -- Both postings in one statement: the balance trigger checks them together.
  INSERT INTO ledger_posting (journal_id, account_id, currency, amount_minor, balance_after_minor)
  VALUES (o_journal_id, v_from_id, p_currency, -p_amount, o_from_balance),
         (o_journal_id, v_to_id, p_currency, p_amount, o_to_balance);
END
$$;
