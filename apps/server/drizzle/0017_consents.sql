CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"email" text,
	"phone" text,
	"purpose" text NOT NULL,
	"channel" text NOT NULL,
	"text_version" text NOT NULL,
	"source" text NOT NULL,
	"given_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_via" text,
	CONSTRAINT "consents_purpose" CHECK ("consents"."purpose" in ('newsletter', 'marketing')),
	CONSTRAINT "consents_channel" CHECK ("consents"."channel" in ('email', 'sms')),
	CONSTRAINT "consents_source" CHECK ("consents"."source" in ('footer_newsletter', 'signup', 'account')),
	CONSTRAINT "consents_withdrawn_via" CHECK ("consents"."withdrawn_via" is null or "consents"."withdrawn_via" in ('unsubscribe_link', 'one_click', 'account')),
	CONSTRAINT "consents_withdrawn" CHECK (("consents"."withdrawn_at" is null) = ("consents"."withdrawn_via" is null)),
	CONSTRAINT "consents_address" CHECK (("consents"."channel" = 'email' and "consents"."email" is not null) or ("consents"."channel" = 'sms' and "consents"."phone" is not null))
);
--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_live_email_key" ON "consents" USING btree ("purpose",lower("email")) WHERE "consents"."channel" = 'email' and "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "consents_live_phone_key" ON "consents" USING btree ("purpose","phone") WHERE "consents"."channel" = 'sms' and "consents"."withdrawn_at" is null;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id");