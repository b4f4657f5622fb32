CREATE TABLE "discount_code_uses" (
	"code_id" uuid NOT NULL,
	"client_key" text NOT NULL,
	"used_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "discount_code_uses_code_id_client_key_pk" PRIMARY KEY("code_id","client_key"),
	CONSTRAINT "discount_code_uses_nonnegative" CHECK ("discount_code_uses"."used_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "min_order_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD COLUMN "per_shopper_limit" integer;--> statement-breakpoint
ALTER TABLE "order_parts" ADD COLUMN "shop_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_code_uses" ADD CONSTRAINT "discount_code_uses_code_id_discount_codes_id_fk" FOREIGN KEY ("code_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_codes_shop_idx" ON "discount_codes" USING btree ("shop_id");--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_min_order_nonnegative" CHECK ("discount_codes"."min_order_cents" >= 0);--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_dates_ordered" CHECK ("discount_codes"."starts_at" is null or "discount_codes"."expires_at" is null or "discount_codes"."starts_at" < "discount_codes"."expires_at");--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_limits_positive" CHECK (("discount_codes"."usage_limit" is null or "discount_codes"."usage_limit" > 0) and ("discount_codes"."per_shopper_limit" is null or "discount_codes"."per_shopper_limit" > 0));--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_shop_discount_within_lines" CHECK ("order_parts"."shop_discount_cents" between 0 and "order_parts"."subtotal_cents");--> statement-breakpoint
-- A shop's own discount code is the shop's cost (decision 038): its sale is credited with the
-- lines less that discount. A marketplace code's discount stays the marketplace's.
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
      -- Half a cent goes to the shop. The shop's own code comes off its lines before the
      -- commission: the marketplace takes its cut of what the goods sold for.
      commission := floor((p_part.subtotal_cents - p_part.shop_discount_cents)::numeric * bps
                          / 10000);
      INSERT INTO ledger_entries (shop_id, kind, amount_cents, gross_cents, commission_cents,
                                  commission_bps, order_id, part_id)
        VALUES (p_part.shop_id, 'sale',
                p_part.subtotal_cents - p_part.shop_discount_cents + p_part.delivery_cents
                  - commission,
                p_part.subtotal_cents - p_part.shop_discount_cents + p_part.delivery_cents,
                commission, bps,
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
