CREATE TABLE "stock_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shop_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"variant_id" uuid,
	"stock" integer NOT NULL,
	"threshold" integer NOT NULL,
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"followed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_kind";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_alerts" ADD CONSTRAINT "stock_alerts_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_alerts_product_idx" ON "stock_alerts" USING btree ("product_id","at");--> statement-breakpoint
CREATE INDEX "stock_alerts_to_follow_idx" ON "stock_alerts" USING btree ("at") WHERE "stock_alerts"."followed_at" is null;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_kind" CHECK ("messages"."kind" in ('password_reset', 'phone_code', 'order_received', 'payment_failed', 'part_shipped', 'part_delivered', 'order_cancelled', 'part_cancelled', 'order_refunded', 'owner_new_part', 'owner_part_cancelled', 'owner_low_stock', 'newsletter', 'promotion'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_nonnegative" CHECK ("products"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_low_stock_threshold_nonnegative" CHECK ("shops"."low_stock_threshold" >= 0);--> statement-breakpoint
-- Low-stock alerts (decision 041). An item is a variant, or a product without live variants (a
-- product's own stock is then theirs summed, so its row never alerts). A stock update that takes
-- an item from above its threshold (the product's own, else its shop's) to at or below it writes
-- one stock_alerts row, in the statement that moved the stock: an order's one statement
-- (decision 023), an owner's edit. The row's old and new stock are the flag: updates of one row
-- are serialised by its lock, and each sees as OLD the version the one before it left, so of 20
-- orders racing across the threshold exactly one sees OLD above and NEW at or below. Going back
-- above (a restock, stock given back) is what re-arms it; nothing needs to be cleared.
-- The triggers fire only when stock went down (their WHEN), and then read one row by its key.
CREATE OR REPLACE FUNCTION soko_low_stock_of_product() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  threshold integer := NEW.low_stock_threshold;
BEGIN
  IF threshold IS NULL THEN
    SELECT s.low_stock_threshold INTO threshold FROM shops s WHERE s.id = NEW.shop_id;
  END IF;
  IF OLD.stock > threshold AND NEW.stock <= threshold
     AND NOT EXISTS (SELECT 1 FROM product_variants v
                      WHERE v.product_id = NEW.id AND v.deleted_at IS NULL) THEN
    INSERT INTO stock_alerts (shop_id, product_id, stock, threshold)
    VALUES (NEW.shop_id, NEW.id, NEW.stock, threshold);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_low_stock AFTER UPDATE OF stock ON products
  FOR EACH ROW WHEN (NEW.stock < OLD.stock AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION soko_low_stock_of_product();--> statement-breakpoint
CREATE OR REPLACE FUNCTION soko_low_stock_of_variant() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop uuid;
  threshold integer;
BEGIN
  SELECT p.shop_id, coalesce(p.low_stock_threshold, s.low_stock_threshold) INTO shop, threshold
    FROM products p JOIN shops s ON s.id = p.shop_id
   WHERE p.id = NEW.product_id AND p.deleted_at IS NULL;
  IF OLD.stock > threshold AND NEW.stock <= threshold THEN
    INSERT INTO stock_alerts (shop_id, product_id, variant_id, stock, threshold)
    VALUES (shop, NEW.product_id, NEW.id, NEW.stock, threshold);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_low_stock AFTER UPDATE OF stock ON product_variants
  FOR EACH ROW WHEN (NEW.stock < OLD.stock AND NEW.deleted_at IS NULL)
  EXECUTE FUNCTION soko_low_stock_of_variant();
