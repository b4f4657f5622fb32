CREATE TABLE "shop_delivery" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_parts" DROP CONSTRAINT "order_parts_amounts_nonnegative";--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "delivery_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "delivery_county" text;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "pickup_counter" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "priced_county" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_delivery" ADD CONSTRAINT "shop_delivery_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_amounts_nonnegative" CHECK ("order_parts"."subtotal_cents" >= 0 and "order_parts"."refund_cents" >= 0 and "order_parts"."delivery_cents" >= 0);--> statement-breakpoint
-- Decision 035 (amends 021): a part's delivery fee is the shop's, credited with its lines; the
-- commission is still taken on the lines only (the shop pays the courier).
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
        VALUES (p_part.shop_id, 'sale',
                p_part.subtotal_cents + p_part.delivery_cents - commission,
                p_part.subtotal_cents + p_part.delivery_cents, commission, bps,
                p_order.id, p_part.id)
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
  $$;
