ALTER TABLE "shops" ADD COLUMN "logo_url" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "county" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "whatsapp" text;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_whatsapp_e164" CHECK ("shops"."whatsapp" ~ '^[+][1-9][0-9]{7,14}$');