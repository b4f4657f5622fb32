CREATE TABLE "reminder_opt_outs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"channel" text NOT NULL,
	"email" text,
	"phone" text,
	"via" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "reminder_opt_outs_channel" CHECK ("reminder_opt_outs"."channel" in ('email', 'sms')),
	CONSTRAINT "reminder_opt_outs_via" CHECK ("reminder_opt_outs"."via" in ('link', 'one_click', 'account')),
	CONSTRAINT "reminder_opt_outs_withdrawn" CHECK (("reminder_opt_outs"."withdrawn_at" is null) = ("reminder_opt_outs"."withdrawn_via" is null)),
	CONSTRAINT "reminder_opt_outs_address" CHECK (("reminder_opt_outs"."channel" = 'email' and "reminder_opt_outs"."email" is not null) or ("reminder_opt_outs"."channel" = 'sms' and "reminder_opt_outs"."phone" is not null))
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovered_from" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recovery_outcome" text;--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_opt_outs_live_email_key" ON "reminder_opt_outs" USING btree (lower("email")) WHERE "reminder_opt_outs"."channel" = 'email' and "reminder_opt_outs"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "reminder_opt_outs_live_phone_key" ON "reminder_opt_outs" USING btree ("phone") WHERE "reminder_opt_outs"."channel" = 'sms' and "reminder_opt_outs"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "reminder_opt_outs_user_idx" ON "reminder_opt_outs" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recovered_from_orders_id_fk" FOREIGN KEY ("recovered_from") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_recovery_once_key" ON "messages" USING btree ("order_id","channel") WHERE "messages"."kind" = 'order_recovery' and "messages"."resent_from_id" is null;--> statement-breakpoint
CREATE INDEX "orders_recovery_due_idx" ON "orders" USING btree ("updated_at") WHERE "orders"."status" in ('payment_failed', 'expired') and "orders"."pay_on_order" and "orders"."recovery_checked_at" is null;--> statement-breakpoint
CREATE INDEX "orders_recovered_from_idx" ON "orders" USING btree ("recovered_from") WHERE "orders"."recovered_from" is not null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('password_reset', 'phone_code', 'order_received', 'payment_failed', 'part_shipped', 'part_delivered', 'order_cancelled', 'part_cancelled', 'order_refunded', 'order_recovery', 'owner_new_part', 'owner_part_cancelled', 'owner_low_stock', 'newsletter', 'promotion'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_recovery_outcome" CHECK ("orders"."recovery_outcome" is null or "orders"."recovery_outcome" in ('sent', 'reordered', 'opted_out', 'unreachable'));--> statement-breakpoint
-- Orders that lapsed before reminders existed get none (decision 043): checked, with no outcome.
UPDATE "orders" SET "recovery_checked_at" = now()
 WHERE "status" in ('payment_failed', 'expired') AND "recovery_checked_at" IS NULL;
