-- Every committed change of a company's orders or their timeline is announced on the channel
-- haulboard_orders with the company's id, so each server process pushes it to its screens at once
-- (modules/load-orders/events.ts); PostgreSQL folds repeats within one transaction into one.
CREATE OR REPLACE FUNCTION haulboard_notify_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haulboard_orders', NEW.company_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER order_events_notify AFTER INSERT ON order_events FOR EACH ROW EXECUTE FUNCTION haulboard_notify_orders();
--> statement-breakpoint
CREATE TRIGGER load_orders_notify AFTER INSERT OR UPDATE ON load_orders FOR EACH ROW EXECUTE FUNCTION haulboard_notify_orders();
