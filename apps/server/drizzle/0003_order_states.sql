CREATE TYPE "public"."refund_reason" AS ENUM('paid_twice', 'sold_out_after_payment', 'amount_mismatch', 'cancelled_after_payment', 'paid_after_close');--> statement-breakpoint
CREATE TABLE "order_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"from_status" "order_status",
	"to_status" "order_status" NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "tracking_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" "refund_reason";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "max_per_order" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_changes_order_idx" ON "order_status_changes" USING btree ("order_id","at");--> statement-breakpoint
CREATE INDEX "orders_open_by_client_idx" ON "orders" USING btree ("client_key") WHERE "orders"."status" = 'pending_payment';--> statement-breakpoint
-- Before one open payment per order can be enforced: an order that two racing starts gave two
-- pending payments keeps its newest; the older ones are marked failed. Their provider may still
-- report them paid, which applies as a step forward and flags the order as paid twice.
UPDATE "payments" SET "status" = 'failed', "updated_at" = now()
WHERE "status" = 'pending' AND EXISTS (
	SELECT 1 FROM "payments" "newer"
	WHERE "newer"."order_id" = "payments"."order_id" AND "newer"."status" = 'pending'
	AND ("newer"."created_at", "newer"."id") > ("payments"."created_at", "payments"."id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_open_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_max_per_order_range" CHECK ("shops"."max_per_order" between 1 and 1000);--> statement-breakpoint
-- The payment that paid each order, from the payments that completed (or were later reversed).
UPDATE "orders" SET "paid_at" = "p"."updated_at", "paid_by" = "p"."id"
FROM (
	SELECT DISTINCT ON ("order_id") "order_id", "id", "updated_at" FROM "payments"
	WHERE "status" IN ('completed', 'reversed') ORDER BY "order_id", "updated_at"
) "p"
WHERE "p"."order_id" = "orders"."id";--> statement-breakpoint
-- needs_refund becomes the reason. A 'paid' order flagged for refund was paid after its items
-- sold out: it holds no stock, which is the cancelled state now.
UPDATE "orders" SET "refund_reason" = 'sold_out_after_payment', "status" = 'cancelled'
WHERE "needs_refund" AND "status" = 'paid';--> statement-breakpoint
UPDATE "orders" SET "refund_reason" = 'amount_mismatch'
WHERE "needs_refund" AND "refund_reason" IS NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "needs_refund";