-- Owners delete products and categories by hiding them (past orders still show them); an
-- order line keeps its picture; a picture remembers the shop it was uploaded for.
DROP INDEX "categories_shop_name_key";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "shop_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "image_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_shop_name_key" ON "categories" USING btree ("shop_id",lower("name")) WHERE "categories"."deleted_at" is null;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "deleted_at" timestamp with time zone;