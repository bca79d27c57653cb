-- An order's product without a lock on the product's row.
--
-- The foreign key trade_order.symbol → product.symbol made every order's transaction lock its
-- product's row FOR KEY SHARE. With many orders at once on one product, PostgreSQL records the
-- row's concurrent lockers as a MultiXact, a new one (all lockers copied) for each order: in one
-- day of benchmarks ≈ 860,000 MultiXacts with ≈ 19 million members, the member SLRU written
-- out 12,000 times, and pgbench's own p99 at 600 orders/s 36–48 ms with the key against 15–21 ms
-- without it. Products are closed, never deleted; the trigger below keeps an ordered product
-- from being deleted or renamed instead (it does not lock the row against a concurrent order:
-- deleting a product is not an operation of the system).
ALTER TABLE "trade_order" DROP CONSTRAINT "trade_order_symbol_product_symbol_fk";
--> statement-breakpoint
CREATE FUNCTION product_keep_ordered() RETURNS trigger
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
--> statement-breakpoint
CREATE TRIGGER product_keep_ordered
  BEFORE DELETE OR UPDATE OF symbol ON product
  FOR EACH ROW EXECUTE FUNCTION product_keep_ordered();
