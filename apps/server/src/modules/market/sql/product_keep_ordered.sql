-- Trigger: a product that has orders cannot be deleted or renamed (close it instead).
-- Source of truth: change it here, then `npm run db:functions -w @ampere/server`.
CREATE OR REPLACE FUNCTION product_keep_ordered() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.symbol = OLD.symbol THEN
    RETURN NEW;
  END IF;
  IF EXISTS (SELECT 1 FROM trade_order o WHERE o.symbol = OLD.symbol) THEN
    RAISE EXCEPTION USING ERRCODE = 'foreign_key_violation',
      MESSAGE = format('product %s has orders: close it instead', OLD.symbol);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NEW;
END
$$;
