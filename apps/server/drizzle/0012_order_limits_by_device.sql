CREATE TABLE "mpesa_prompts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "network_key" text;--> statement-breakpoint
ALTER TABLE "mpesa_prompts" ADD CONSTRAINT "mpesa_prompts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mpesa_prompts_phone_idx" ON "mpesa_prompts" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "mpesa_prompts_order_idx" ON "mpesa_prompts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_open_by_network_idx" ON "orders" USING btree ("network_key") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
-- Fair limits (decision 029): an order is counted against its client (the account, else the
-- device cookie) and, with far higher bounds, against its network address. Both locks are taken
-- in one order (the address's, then the client's), and every count runs after them, so orders
-- racing from one client or one address are counted one after another (see migration 0011 for
-- why this function must stay VOLATILE). Besides the open orders it finds the first bound on
-- held units the order would pass: of one product (the shop's per-order maximum for a client)
-- and of one shop, for the client and (times p_network_factor) for the address.
DROP FUNCTION IF EXISTS soko_lock_client_orders(text, uuid, timestamptz, integer);--> statement-breakpoint
CREATE FUNCTION soko_lock_client_orders(
    p_client_key text, p_network_key text, p_order_id uuid, p_at timestamptz,
    p_max integer, p_network_max integer,
    p_products uuid[], p_product_units integer[], p_product_max integer[],
    p_shops uuid[], p_shop_units integer[], p_shop_max integer[], p_network_factor integer)
  RETURNS TABLE (open_count integer, first_lapse timestamptz,
                 network_open_count integer, network_first_lapse timestamptz,
                 over_kind text, over_id uuid, over_held integer, over_max integer)
  LANGUAGE plpgsql VOLATILE
  AS $$
  BEGIN
    PERFORM pg_advisory_xact_lock(hashtextextended(p_network_key, 0));
    IF p_client_key <> p_network_key THEN
      PERFORM pg_advisory_xact_lock(hashtextextended(p_client_key, 0));
    END IF;
    SELECT count(*)::integer, min(o.hold_until) INTO open_count, first_lapse
      FROM (SELECT hold_until FROM orders
             WHERE client_key = p_client_key AND status = 'pending_payment'
               AND hold_until > p_at AND id <> p_order_id
             LIMIT p_max) o;
    SELECT count(*)::integer, min(o.hold_until) INTO network_open_count, network_first_lapse
      FROM (SELECT hold_until FROM orders
             WHERE network_key = p_network_key AND status = 'pending_payment'
               AND hold_until > p_at AND id <> p_order_id
             LIMIT p_network_max) o;
    WITH held AS (
        SELECT l.product_id, l.shop_id,
               coalesce(sum(l.quantity) FILTER (WHERE o.client_key = p_client_key), 0) AS by_client,
               coalesce(sum(l.quantity) FILTER (WHERE o.network_key = p_network_key), 0) AS by_network
          FROM orders o JOIN order_lines l ON l.order_id = o.id
         WHERE (o.client_key = p_client_key OR o.network_key = p_network_key)
           AND o.status = 'pending_payment' AND o.hold_until > p_at AND o.id <> p_order_id
         GROUP BY l.product_id, l.shop_id),
      want_products AS (
        SELECT w.id, w.units, w.max,
               coalesce((SELECT sum(h.by_client) FROM held h WHERE h.product_id = w.id), 0) AS by_client,
               coalesce((SELECT sum(h.by_network) FROM held h WHERE h.product_id = w.id), 0) AS by_network
          FROM unnest(p_products, p_product_units, p_product_max) AS w(id, units, max)),
      want_shops AS (
        SELECT w.id, w.units, w.max,
               coalesce((SELECT sum(h.by_client) FROM held h WHERE h.shop_id = w.id), 0) AS by_client,
               coalesce((SELECT sum(h.by_network) FROM held h WHERE h.shop_id = w.id), 0) AS by_network
          FROM unnest(p_shops, p_shop_units, p_shop_max) AS w(id, units, max)),
      over AS (
        SELECT 1 AS rank, 'product' AS kind, id, by_client::integer AS held, max
          FROM want_products WHERE by_client + units > max
        UNION ALL
        SELECT 2, 'shop', id, by_client::integer, max
          FROM want_shops WHERE by_client + units > max
        UNION ALL
        SELECT 3, 'network_product', id, by_network::integer, max * p_network_factor
          FROM want_products WHERE by_network + units > max * p_network_factor
        UNION ALL
        SELECT 4, 'network_shop', id, by_network::integer, max * p_network_factor
          FROM want_shops WHERE by_network + units > max * p_network_factor)
    SELECT over.kind, over.id, over.held, over.max INTO over_kind, over_id, over_held, over_max
      FROM over ORDER BY rank LIMIT 1;
    RETURN NEXT;
  END
  $$;
