CREATE TABLE "carrier_packages" (
	"part_id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"shop_id" uuid,
	"carrier" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"package_id" text,
	"tracking_state" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_packages_status" CHECK ("carrier_packages"."status" in ('queued', 'created'))
);
--> statement-breakpoint
CREATE TABLE "carrier_webhook_events" (
	"carrier" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"package_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "carrier_webhook_events_carrier_event_id_pk" PRIMARY KEY("carrier","event_id")
);
--> statement-breakpoint
ALTER TABLE "carrier_packages" ADD CONSTRAINT "carrier_packages_part_id_order_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."order_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_packages" ADD CONSTRAINT "carrier_packages_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carrier_packages" ADD CONSTRAINT "carrier_packages_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "carrier_packages_package_key" ON "carrier_packages" USING btree ("carrier","package_id");--> statement-breakpoint
CREATE INDEX "carrier_packages_due_idx" ON "carrier_packages" USING btree ("next_attempt_at") WHERE "carrier_packages"."status" = 'queued';