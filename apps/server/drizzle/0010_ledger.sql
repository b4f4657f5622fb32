CREATE TYPE "public"."ledger_entry_kind" AS ENUM('sale', 'cancellation', 'reversal', 'refund', 'payout');--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"shop_id" uuid NOT NULL,
	"kind" "ledger_entry_kind" NOT NULL,
	"amount_cents" bigint NOT NULL,
	"gross_cents" bigint,
	"commission_cents" bigint,
	"commission_bps" integer,
	"order_id" uuid,
	"part_id" uuid,
	"method" text,
	"reference" text,
	"note" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "ledger_entries_shape" CHECK (("ledger_entries"."kind" = 'sale' and "ledger_entries"."amount_cents" >= 0 and "ledger_entries"."part_id" is not null)
        or ("ledger_entries"."kind" in ('cancellation', 'reversal', 'refund') and "ledger_entries"."amount_cents" <= 0 and "ledger_entries"."part_id" is not null)
        or ("ledger_entries"."kind" = 'payout' and "ledger_entries"."amount_cents" < 0 and "ledger_entries"."method" is not null and "ledger_entries"."reference" is not null))
);
--> statement-breakpoint
CREATE TABLE "ledger_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"default_commission_bps" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_settings_one_row" CHECK ("ledger_settings"."id"),
	CONSTRAINT "ledger_settings_commission_range" CHECK ("ledger_settings"."default_commission_bps" between 0 and 10000)
);
--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "commission_bps" integer;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_sale_per_part" ON "ledger_entries" USING btree ("part_id") WHERE "ledger_entries"."kind" = 'sale';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_one_undoing_per_part" ON "ledger_entries" USING btree ("part_id") WHERE "ledger_entries"."kind" in ('cancellation', 'reversal', 'refund');--> statement-breakpoint
CREATE INDEX "ledger_entries_shop_seq_idx" ON "ledger_entries" USING btree ("shop_id","seq");--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_commission_range" CHECK ("shops"."commission_bps" between 0 and 10000);--> statement-breakpoint
INSERT INTO "ledger_settings" DEFAULT VALUES;--> statement-breakpoint
-- Entries are history: nothing changes or removes one, whatever the code asks.
CREATE OR REPLACE FUNCTION soko_ledger_append_only() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    RAISE EXCEPTION 'ledger entries are only ever added' USING ERRCODE = 'restrict_violation';
  END
  $$;--> statement-breakpoint
CREATE TRIGGER ledger_entries_append_only
  BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION soko_ledger_append_only();--> statement-breakpoint
CREATE TRIGGER ledger_entries_no_truncate
  BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION soko_ledger_append_only();--> statement-breakpoint
-- Whether a shop's part of an order earns it money now: goods the shopper paid for online
-- (the order confirmed and paid) or handed over against cash (a pay-on-delivery part
-- delivered), on an order still sold and a part not cancelled.
CREATE OR REPLACE FUNCTION soko_ledger_earns(p_order orders, p_part order_parts) RETURNS boolean
  LANGUAGE sql IMMUTABLE
  AS $$
    SELECT p_order.status IN ('confirmed', 'shipped', 'delivered')
       AND p_part.status IN ('confirmed', 'shipped', 'delivered')
       AND CASE WHEN p_order.pay_on_order THEN p_order.paid_at IS NOT NULL
                ELSE p_part.status = 'delivered' END
  $$;--> statement-breakpoint
-- Brings one part's entries in line with its state: a part that earns and was never credited
-- is credited with its lines less the shop's commission; a credited part that stopped earning
-- has its credit undone, named after why (the order's payment reversed or refunded, or the
-- part cancelled). Each happens once per part (the unique indexes), so a repeated or
-- concurrent move writes nothing twice.
CREATE OR REPLACE FUNCTION soko_ledger_settle_part(p_order orders, p_part order_parts)
  RETURNS void
  LANGUAGE plpgsql
  AS $$
  DECLARE
    sale ledger_entries;
    bps integer;
    commission bigint;
  BEGIN
    IF p_part.shop_id IS NULL THEN
      RETURN;
    END IF;
    SELECT * INTO sale FROM ledger_entries WHERE part_id = p_part.id AND kind = 'sale';
    IF soko_ledger_earns(p_order, p_part) THEN
      IF sale.id IS NOT NULL THEN
        RETURN;
      END IF;
      SELECT coalesce(s.commission_bps, (SELECT default_commission_bps FROM ledger_settings), 0)
        INTO bps FROM shops s WHERE s.id = p_part.shop_id;
      -- Half a cent goes to the shop.
      commission := floor(p_part.subtotal_cents::numeric * bps / 10000);
      INSERT INTO ledger_entries (shop_id, kind, amount_cents, gross_cents, commission_cents,
                                  commission_bps, order_id, part_id)
        VALUES (p_part.shop_id, 'sale', p_part.subtotal_cents - commission,
                p_part.subtotal_cents, commission, bps, p_order.id, p_part.id)
        ON CONFLICT (part_id) WHERE kind = 'sale' DO NOTHING;
    ELSIF sale.id IS NOT NULL THEN
      INSERT INTO ledger_entries (shop_id, kind, amount_cents, gross_cents, commission_cents,
                                  commission_bps, order_id, part_id)
        VALUES (sale.shop_id,
                (CASE WHEN p_order.status = 'reversed' THEN 'reversal'
                      WHEN p_order.status = 'refunded' THEN 'refund'
                      ELSE 'cancellation' END)::ledger_entry_kind,
                -sale.amount_cents, -sale.gross_cents, -sale.commission_cents,
                sale.commission_bps, p_order.id, p_part.id)
        ON CONFLICT (part_id) WHERE kind IN ('cancellation', 'reversal', 'refund') DO NOTHING;
    END IF;
  END
  $$;--> statement-breakpoint
-- An order written or moved, or its payment recorded: each of its parts as they stand.
CREATE OR REPLACE FUNCTION soko_ledger_order_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    each_part order_parts;
  BEGIN
    FOR each_part IN SELECT * FROM order_parts WHERE order_id = NEW.id ORDER BY id LOOP
      PERFORM soko_ledger_settle_part(NEW, each_part);
    END LOOP;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- A part written or moved on its own (shipped, delivered, cancelled by its shop).
CREATE OR REPLACE FUNCTION soko_ledger_part_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    the_order orders;
  BEGIN
    SELECT * INTO the_order FROM orders WHERE id = NEW.order_id;
    PERFORM soko_ledger_settle_part(the_order, NEW);
    RETURN NULL;
  END
  $$;--> statement-breakpoint
-- An order placed, paid or unpaid, earns nothing and had nothing to undo: its parts are not
-- read (placing an order stays as cheap as before).
CREATE TRIGGER orders_ledger
  AFTER INSERT OR UPDATE OF status, paid_at ON orders
  FOR EACH ROW
  WHEN (NEW.status NOT IN ('pending_payment', 'paid', 'expired', 'payment_failed'))
  EXECUTE FUNCTION soko_ledger_order_changed();--> statement-breakpoint
CREATE TRIGGER order_parts_ledger
  AFTER INSERT OR UPDATE OF status ON order_parts
  FOR EACH ROW
  WHEN (NEW.status <> 'pending_payment')
  EXECUTE FUNCTION soko_ledger_part_changed();--> statement-breakpoint
-- The orders already here: what they earned so far, at the default rate (0 until the server
-- first starts with COMMISSION_PERCENT; history before the ledger is not rewritten).
SELECT soko_ledger_settle_part(o, p)
  FROM orders o JOIN order_parts p ON p.order_id = o.id
  ORDER BY o.created_at, p.id;
