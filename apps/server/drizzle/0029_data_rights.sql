CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "data_requests_kind" CHECK ("data_requests"."kind" in ('export', 'deletion', 'unsubscribe'))
);
--> statement-breakpoint
CREATE TABLE "privacy_notices" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consents" DROP CONSTRAINT "consents_address";--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" DROP CONSTRAINT "reminder_opt_outs_address";--> statement-breakpoint
ALTER TABLE "consents" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD COLUMN "address_hash" text;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_notices" ADD CONSTRAINT "privacy_notices_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_requests_at_idx" ON "data_requests" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_address" CHECK (("consents"."channel" = 'email' and "consents"."email" is not null) or ("consents"."channel" = 'sms' and "consents"."phone" is not null) or ("consents"."address_hash" is not null and "consents"."withdrawn_at" is not null));--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_address" CHECK (("reminder_opt_outs"."channel" = 'email' and "reminder_opt_outs"."email" is not null) or ("reminder_opt_outs"."channel" = 'sms' and "reminder_opt_outs"."phone" is not null) or "reminder_opt_outs"."address_hash" is not null);