CREATE TABLE "paybill_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"code" text NOT NULL,
	"state" text DEFAULT 'checking' NOT NULL,
	"reason" text,
	"conversation_id" text,
	"payment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_claims_conversation_id_unique" UNIQUE("conversation_id"),
	CONSTRAINT "paybill_claims_state" CHECK ("paybill_claims"."state" in ('checking', 'accepted', 'refused'))
);
--> statement-breakpoint
ALTER TABLE "paybill_claims" ADD CONSTRAINT "paybill_claims_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "paybill_claims" ADD CONSTRAINT "paybill_claims_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paybill_claims_order_idx" ON "paybill_claims" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "paybill_claims_live_code" ON "paybill_claims" USING btree ("code") WHERE "paybill_claims"."state" <> 'refused';