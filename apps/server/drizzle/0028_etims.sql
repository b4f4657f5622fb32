CREATE TABLE "etims_devices" (
	"shop_id" uuid PRIMARY KEY NOT NULL,
	"tin" text NOT NULL,
	"bhf_id" text NOT NULL,
	"dvc_srl_no" text NOT NULL,
	"cmc_key" text NOT NULL,
	"dvc_id" text,
	"sdc_id" text,
	"mrc_no" text,
	"taxpr_nm" text,
	"bhf_nm" text,
	"initialised_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "etims_items" (
	"shop_id" uuid NOT NULL,
	"item_code" text NOT NULL,
	"seq" integer NOT NULL,
	"kra_item_code" text NOT NULL,
	"registered_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	CONSTRAINT "etims_items_shop_id_item_code_pk" PRIMARY KEY("shop_id","item_code"),
	CONSTRAINT "etims_items_shop_seq_key" UNIQUE("shop_id","seq"),
	CONSTRAINT "etims_items_seq_positive" CHECK ("etims_items"."seq" > 0)
);
--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "etims_qr_data" text;--> statement-breakpoint
ALTER TABLE "receipts" ADD COLUMN "etims_last_error" text;--> statement-breakpoint
ALTER TABLE "etims_devices" ADD CONSTRAINT "etims_devices_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etims_items" ADD CONSTRAINT "etims_items_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;