CREATE TABLE "sales_daily" (
	"level" smallint NOT NULL,
	"shop_id" uuid,
	"day" date NOT NULL,
	"product_key" text DEFAULT '' NOT NULL,
	"slot" smallint NOT NULL,
	"product_id" uuid,
	"name" text,
	"cents" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_daily_key" UNIQUE NULLS NOT DISTINCT("level","shop_id","day","product_key","slot")
);
--> statement-breakpoint
DROP INDEX "orders_sold_confirmed_idx";--> statement-breakpoint
CREATE INDEX "sales_daily_level_day_idx" ON "sales_daily" USING btree ("level","day");--> statement-breakpoint
-- The Nairobi day an order counts as sold on, or null while it is no sale (SOLD_STATUSES in
-- the contract, written out; STATS_TIME_ZONE).
CREATE OR REPLACE FUNCTION soko_sale_day(status order_status, confirmed_at timestamptz) RETURNS date
  LANGUAGE sql STABLE
  AS $$
    SELECT CASE WHEN status IN ('confirmed', 'shipped', 'delivered') AND confirmed_at IS NOT NULL
                THEN (confirmed_at AT TIME ZONE 'Africa/Nairobi')::date END
  $$;--> statement-breakpoint
-- Adds to one row of sales_daily, in the slot of the writing backend.
CREATE OR REPLACE FUNCTION soko_sales_add(p_level smallint, p_shop uuid, p_day date,
    p_key text, p_product uuid, p_name text, p_cents bigint, p_units integer, p_orders integer)
  RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO sales_daily AS s
      (level, shop_id, day, product_key, slot, product_id, name, cents, units, orders)
    VALUES (p_level, p_shop, p_day, p_key, (pg_backend_pid() % 8)::smallint, p_product, p_name,
            p_cents, p_units, p_orders)
    ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
      SET cents = s.cents + excluded.cents, units = s.units + excluded.units,
          orders = s.orders + excluded.orders, name = coalesce(excluded.name, s.name)
  $$;--> statement-breakpoint
-- What one shop's part of a sold order counts for (p_sign 1), or stops counting for (-1): a
-- part still going counts its lines for its shop and their products; a cancelled part's
-- subtotal is taken off the marketplace's sales.
CREATE OR REPLACE FUNCTION soko_sales_count_part(p_day date, p_part order_parts,
    p_sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    my_slot smallint := (pg_backend_pid() % 8)::smallint;
    part_cents bigint;
    part_units integer;
  BEGIN
    -- The marketplace's row first, always, even to add nothing: every writer of a day and slot
    -- takes that row before any other of it, so two writers never wait for each other's rows
    -- in opposite orders (a deadlock).
    PERFORM soko_sales_add(0::smallint, NULL, p_day, '', NULL, NULL,
      CASE WHEN p_part.status = 'cancelled' THEN -p_sign * p_part.subtotal_cents ELSE 0 END,
      0, 0);
    IF p_part.status = 'cancelled' THEN
      RETURN;
    END IF;
    SELECT coalesce(sum(l.unit_price_cents::bigint * l.quantity), 0),
           coalesce(sum(l.quantity), 0)::integer
      INTO part_cents, part_units
      FROM order_lines l
      WHERE l.order_id = p_part.order_id AND l.shop_id IS NOT DISTINCT FROM p_part.shop_id;
    PERFORM soko_sales_add(1::smallint, p_part.shop_id, p_day, '', NULL, NULL,
      p_sign * part_cents, p_sign * part_units, p_sign);
    -- One row per product (two lines of one product, in two sizes, are one row), in key order.
    INSERT INTO sales_daily AS s
      (level, shop_id, day, product_key, slot, product_id, name, cents, units, orders)
    SELECT 2, p_part.shop_id, p_day, k.product_key, my_slot, k.product_id,
           (array_agg(l.name ORDER BY l.position))[1],
           p_sign * sum(l.unit_price_cents::bigint * l.quantity),
           p_sign * sum(l.quantity), 0
      FROM order_lines l
      CROSS JOIN LATERAL (SELECT coalesce(l.product_id::text, 'name:' || l.name) AS product_key,
                                 l.product_id) k
      WHERE l.order_id = p_part.order_id AND l.shop_id IS NOT DISTINCT FROM p_part.shop_id
      GROUP BY k.product_key, k.product_id
      ORDER BY k.product_key
    ON CONFLICT ON CONSTRAINT sales_daily_key DO UPDATE
      SET cents = s.cents + excluded.cents, units = s.units + excluded.units,
          name = excluded.name;
  END
  $$;--> statement-breakpoint
-- What a sold order counts for (p_sign 1), or stops counting for (-1): its total and one order
-- for the marketplace, and each of its parts as they stand.
CREATE OR REPLACE FUNCTION soko_sales_count_order(p_order orders, p_sign integer) RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    sale_day date := soko_sale_day(p_order.status, p_order.confirmed_at);
    each_part order_parts;
  BEGIN
    IF sale_day IS NULL THEN
      RETURN;
    END IF;
    PERFORM soko_sales_add(0::smallint, NULL, sale_day, '', NULL, NULL,
      p_sign * p_order.total_cents, 0, p_sign);
    FOR each_part IN SELECT * FROM order_parts WHERE order_id = p_order.id ORDER BY shop_id LOOP
      PERFORM soko_sales_count_part(sale_day, each_part, p_sign);
    END LOOP;
  END
  $$;--> statement-breakpoint
-- An order written, or its state, confirmation time or total changed: what it counted for goes
-- and what it counts for now comes. Moves between sold states on the same day change nothing.
CREATE OR REPLACE FUNCTION soko_sales_order_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'UPDATE' THEN
      IF soko_sale_day(OLD.status, OLD.confirmed_at) IS NOT DISTINCT FROM
           soko_sale_day(NEW.status, NEW.confirmed_at)
         AND OLD.total_cents = NEW.total_cents THEN
        RETURN NULL;
      END IF;
      PERFORM soko_sales_count_order(OLD, -1);
    END IF;
    PERFORM soko_sales_count_order(NEW, 1);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- A part written to a sold order, or cancelled (or uncancelled) on one.
CREATE OR REPLACE FUNCTION soko_sales_part_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    sale_day date;
  BEGIN
    IF TG_OP = 'UPDATE'
       AND (OLD.status = 'cancelled') = (NEW.status = 'cancelled')
       AND OLD.subtotal_cents = NEW.subtotal_cents THEN
      RETURN NULL;
    END IF;
    SELECT soko_sale_day(o.status, o.confirmed_at) INTO sale_day
      FROM orders o WHERE o.id = NEW.order_id;
    IF sale_day IS NULL THEN
      RETURN NULL;
    END IF;
    IF TG_OP = 'UPDATE' THEN
      PERFORM soko_sales_count_part(sale_day, OLD, -1);
    END IF;
    PERFORM soko_sales_count_part(sale_day, NEW, 1);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- Orders are placed unpaid, lines and parts in the same statement: nothing counts until the
-- order is confirmed, which is an update. Written already sold (the demo, tests, imports), the
-- order counts its total at once and each part as it is written after its lines.
CREATE TRIGGER orders_sales
  AFTER INSERT OR UPDATE OF status, confirmed_at, total_cents ON orders
  FOR EACH ROW EXECUTE FUNCTION soko_sales_order_changed();--> statement-breakpoint
CREATE TRIGGER order_parts_sales
  AFTER INSERT OR UPDATE OF status, subtotal_cents ON order_parts
  FOR EACH ROW EXECUTE FUNCTION soko_sales_part_changed();--> statement-breakpoint
-- Every sale counted again from the orders: for the orders already here, and for bulk loads
-- written with the triggers' help out of reach (bench/year-of-orders.mjs).
CREATE OR REPLACE FUNCTION soko_sales_rebuild() RETURNS void
  LANGUAGE sql
  AS $$
    DELETE FROM sales_daily;
    WITH sold AS (
      SELECT o.id, o.total_cents, soko_sale_day(o.status, o.confirmed_at) AS day
        FROM orders o
        WHERE soko_sale_day(o.status, o.confirmed_at) IS NOT NULL
    ),
    live_lines AS (
      SELECT s.day, l.shop_id, l.order_id, l.product_id, l.name, l.position,
             coalesce(l.product_id::text, 'name:' || l.name) AS product_key,
             l.unit_price_cents::bigint * l.quantity AS cents, l.quantity
        FROM sold s JOIN order_lines l ON l.order_id = s.id
        WHERE NOT EXISTS (SELECT 1 FROM order_parts p
                          WHERE p.order_id = l.order_id
                            AND p.shop_id IS NOT DISTINCT FROM l.shop_id
                            AND p.status = 'cancelled')
    )
    INSERT INTO sales_daily (level, shop_id, day, product_key, slot, product_id, name, cents,
                             units, orders)
    SELECT 0::smallint, NULL::uuid, s.day, ''::text, 0::smallint, NULL::uuid, NULL::text,
           sum(s.total_cents - coalesce((SELECT sum(p.subtotal_cents) FROM order_parts p
                                         WHERE p.order_id = s.id AND p.status = 'cancelled'), 0)
              )::bigint,
           0, count(*)::integer
      FROM sold s GROUP BY s.day
    UNION ALL
    SELECT 1, shop_id, day, '', 0, NULL, NULL, sum(cents)::bigint, sum(quantity)::integer,
           count(DISTINCT order_id)::integer
      FROM live_lines GROUP BY shop_id, day
    UNION ALL
    SELECT 2, shop_id, day, product_key, 0, product_id,
           (array_agg(name ORDER BY position))[1], sum(cents)::bigint, sum(quantity)::integer, 0
      FROM live_lines GROUP BY shop_id, day, product_key, product_id;
  $$;--> statement-breakpoint
SELECT soko_sales_rebuild();
