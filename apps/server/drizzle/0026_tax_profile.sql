CREATE TYPE "public"."tax_type" AS ENUM('A', 'B', 'C', 'D', 'E');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tax_type" "tax_type";--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "kra_pin" text;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "etims_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "etims_branch_id" text DEFAULT '00' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "etims_device_serial" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_kra_pin_format" CHECK ("shops"."kra_pin" ~ '^[AP][0-9]{9}[A-Z]$');--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_vat_needs_pin" CHECK (not "shops"."vat_registered" or "shops"."kra_pin" is not null);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_etims_needs_pin_and_device" CHECK (not "shops"."etims_enabled" or ("shops"."kra_pin" is not null and "shops"."etims_device_serial" <> ''));