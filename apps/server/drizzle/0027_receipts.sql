CREATE TABLE "receipt_counters" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_positive" CHECK ("receipt_counters"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid,
	"order_id" uuid NOT NULL,
	"part_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" integer NOT NULL,
	"credits_receipt_id" uuid,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"body" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"etims_status" text DEFAULT 'off' NOT NULL,
	"etims_kra_receipt_number" integer,
	"etims_total_receipt_number" integer,
	"etims_internal_data" text,
	"etims_signature" text,
	"etims_sdc_id" text,
	"etims_mrc_no" text,
	"etims_signed_at" timestamp with time zone,
	"etims_refusal_code" text,
	"etims_refusal_message" text,
	"etims_attempts" integer DEFAULT 0 NOT NULL,
	"etims_next_attempt_at" timestamp with time zone,
	CONSTRAINT "receipts_shop_number_key" UNIQUE("shop_id","number"),
	CONSTRAINT "receipts_kind" CHECK ("receipts"."kind" in ('receipt', 'credit_note')),
	CONSTRAINT "receipts_etims_status" CHECK ("receipts"."etims_status" in ('off', 'pending', 'sent', 'refused')),
	CONSTRAINT "receipts_number_positive" CHECK ("receipts"."number" > 0),
	CONSTRAINT "receipts_credit_note_shape" CHECK (("receipts"."kind" = 'receipt' and "receipts"."credits_receipt_id" is null and "receipts"."total_cents" >= 0)
        or ("receipts"."kind" = 'credit_note' and "receipts"."credits_receipt_id" is not null and "receipts"."total_cents" <= 0))
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_type" "tax_type";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "buyer_kra_pin" text;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_credits_receipt_id_receipts_id_fk" FOREIGN KEY ("credits_receipt_id") REFERENCES "public"."receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_per_part" ON "receipts" USING btree ("part_id") WHERE "receipts"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_one_credit_note_per_receipt" ON "receipts" USING btree ("credits_receipt_id") WHERE "receipts"."credits_receipt_id" is not null;--> statement-breakpoint
CREATE INDEX "receipts_order_idx" ON "receipts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "receipts_shop_issued_idx" ON "receipts" USING btree ("shop_id","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_etims_due_idx" ON "receipts" USING btree ("etims_next_attempt_at") WHERE "receipts"."etims_status" = 'pending';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_kra_pin_format" CHECK ("orders"."buyer_kra_pin" ~ '^[AP][0-9]{9}[A-Z]$');