CREATE TABLE "shop_skus" (
	"shop_id" uuid NOT NULL,
	"sku" text NOT NULL,
	CONSTRAINT "shop_skus_shop_id_sku_pk" PRIMARY KEY("shop_id","sku")
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "sku" text DEFAULT ('SKU-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))) NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text DEFAULT ('SKU-' || upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))) NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_skus" ADD CONSTRAINT "shop_skus_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (decision 039): shop_skus holds every live SKU of a shop, a product's (with or
-- without variants) and each live variant's, so one primary key keeps them unique within the
-- shop. Only these triggers write it. A deleted product frees its own SKU and its variants';
-- a retired variant frees its own. Products never move between shops nor come back from
-- deletion in Soko, so neither is handled beyond freeing the old SKU.
CREATE FUNCTION products_claim_sku() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL
     AND (NEW.deleted_at IS NOT NULL OR NEW.sku <> OLD.sku OR NEW.shop_id <> OLD.shop_id) THEN
    DELETE FROM shop_skus WHERE shop_id = OLD.shop_id AND sku = OLD.sku;
    IF NEW.deleted_at IS NOT NULL THEN
      DELETE FROM shop_skus s USING product_variants v
       WHERE v.product_id = OLD.id AND v.deleted_at IS NULL
         AND s.shop_id = OLD.shop_id AND s.sku = v.sku;
    END IF;
  END IF;
  IF NEW.deleted_at IS NULL AND (TG_OP = 'INSERT' OR OLD.deleted_at IS NOT NULL
     OR NEW.sku <> OLD.sku OR NEW.shop_id <> OLD.shop_id) THEN
    INSERT INTO shop_skus (shop_id, sku) VALUES (NEW.shop_id, NEW.sku);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_claim_sku AFTER INSERT OR UPDATE OF sku, deleted_at, shop_id ON products
  FOR EACH ROW EXECUTE FUNCTION products_claim_sku();--> statement-breakpoint
CREATE FUNCTION product_variants_claim_sku() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  shop uuid;
BEGIN
  -- A deleted product's variants hold no SKU (its deletion freed them).
  SELECT shop_id INTO shop FROM products WHERE id = NEW.product_id AND deleted_at IS NULL;
  IF shop IS NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.deleted_at IS NULL
     AND (NEW.deleted_at IS NOT NULL OR NEW.sku <> OLD.sku) THEN
    DELETE FROM shop_skus WHERE shop_id = shop AND sku = OLD.sku;
  END IF;
  IF NEW.deleted_at IS NULL AND (TG_OP = 'INSERT' OR OLD.deleted_at IS NOT NULL
     OR NEW.sku <> OLD.sku) THEN
    INSERT INTO shop_skus (shop_id, sku) VALUES (shop, NEW.sku);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_claim_sku AFTER INSERT OR UPDATE OF sku, deleted_at ON product_variants
  FOR EACH ROW EXECUTE FUNCTION product_variants_claim_sku();--> statement-breakpoint
INSERT INTO shop_skus (shop_id, sku) SELECT shop_id, sku FROM products WHERE deleted_at IS NULL;--> statement-breakpoint
INSERT INTO shop_skus (shop_id, sku)
  SELECT p.shop_id, v.sku FROM product_variants v JOIN products p ON p.id = v.product_id
   WHERE v.deleted_at IS NULL AND p.deleted_at IS NULL;
