-- An order is placed by one statement with no transaction around it (orders/service.ts): these
-- two functions let that statement take the client's lock, count the client's open orders
-- after the lock, and refuse the whole order (its inserts and its stock) from its last step.
--
-- A plpgsql function's statements each read a fresh snapshot under READ COMMITTED, so the
-- count below sees every order committed by whoever held the lock before, although the
-- statement calling it started earlier.
CREATE OR REPLACE FUNCTION soko_lock_client_orders(p_client_key text, p_order_id uuid, p_at timestamptz, p_max integer)
  RETURNS TABLE (open_count integer, first_lapse timestamptz)
  LANGUAGE plpgsql VOLATILE
  AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_client_key, 0));
    RETURN QUERY
      SELECT count(*)::integer, min(o.hold_until)
        FROM (SELECT hold_until FROM orders
               WHERE client_key = p_client_key AND status = 'pending_payment'
                 AND hold_until > p_at AND id <> p_order_id
               LIMIT p_max) o;
  END
  $$;--> statement-breakpoint
-- Aborts the statement that calls it: the order's service reads `reason` and DETAIL back.
CREATE OR REPLACE FUNCTION soko_refuse_order(reason text, detail text) RETURNS integer
  LANGUAGE plpgsql VOLATILE
  AS $$
  BEGIN
    RAISE EXCEPTION 'order refused: %', reason USING ERRCODE = 'SK409', DETAIL = detail;
  END
  $$;
