CREATE TYPE "public"."refund_status" AS ENUM('requested', 'completed', 'refused');--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."refund_reason" ADD VALUE 'part_cancelled';--> statement-breakpoint
CREATE TABLE "order_parts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shop_id" uuid,
	"status" "order_status" DEFAULT 'pending_payment' NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"tracking_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_parts_status" CHECK ("order_parts"."status" in ('pending_payment', 'confirmed', 'shipped', 'delivered', 'cancelled')),
	CONSTRAINT "order_parts_amounts_nonnegative" CHECK ("order_parts"."subtotal_cents" >= 0 and "order_parts"."refund_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" "refund_status" DEFAULT 'requested' NOT NULL,
	"message" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "part_id" uuid;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_parts" ADD CONSTRAINT "order_parts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_parts_order_shop_key" ON "order_parts" USING btree ("order_id","shop_id");--> statement-breakpoint
CREATE INDEX "order_parts_shop_idx" ON "order_parts" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_live_per_payment" ON "refunds" USING btree ("payment_id") WHERE "refunds"."status" in ('requested', 'completed');--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ALTER COLUMN "at" SET DEFAULT clock_timestamp();
--> statement-breakpoint
-- Orders placed before parts existed get theirs: one per shop of their lines, in the state the
-- order's fulfilment stands at (a closed order's parts are cancelled, unless the goods left).
INSERT INTO "order_parts" ("order_id", "shop_id", "status", "subtotal_cents", "created_at")
SELECT l."order_id", l."shop_id",
  (CASE
    WHEN o."status" IN ('confirmed', 'shipped', 'delivered', 'cancelled') THEN o."status"::text
    WHEN o."status" = 'reversed' AND o."confirmed_at" IS NOT NULL THEN 'cancelled'
    ELSE 'pending_payment'
  END)::"order_status",
  sum(l."unit_price_cents" * l."quantity")::integer, o."created_at"
FROM "order_lines" l JOIN "orders" o ON o."id" = l."order_id"
GROUP BY l."order_id", l."shop_id", o."status", o."confirmed_at", o."created_at";
