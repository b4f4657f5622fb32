CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"part_id" uuid,
	"shop_id" uuid,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"actor_user_id" uuid,
	"data" jsonb,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "order_events_kind" CHECK ("order_events"."kind" in ('order.placed', 'order.pending_payment', 'order.paid', 'order.confirmed', 'order.shipped', 'order.delivered', 'order.payment_failed', 'order.reversed', 'order.expired', 'order.cancelled', 'order.refunded', 'part.pending_payment', 'part.confirmed', 'part.shipped', 'part.delivered', 'part.cancelled', 'refund.completed'))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_channel";--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind";--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "resent_from_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivery_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","at");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_order_idx" ON "messages" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "messages_provider_idx" ON "messages" USING btree ("provider_id");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_channel" CHECK ("messages"."channel" in ('email', 'sms'));--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('password_reset', 'phone_code', 'order_received', 'payment_failed', 'part_shipped', 'part_delivered', 'order_cancelled', 'part_cancelled', 'order_refunded', 'owner_new_part', 'owner_part_cancelled', 'newsletter', 'promotion'));