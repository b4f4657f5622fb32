-- Search finds a product by its Swahili name and description too (issue 34, decision 050): a
-- shopper reading the shop in Kiswahili types the names they read. The Swahili name weighs as
-- the English one (A), its description as the English one (D). Kept out of the Drizzle schema
-- like the rest of search (migration 0005).
CREATE OR REPLACE FUNCTION soko_product_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    category_name text;
    shop_name text;
  BEGIN
    SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
    SELECT name INTO shop_name FROM shops WHERE id = NEW.shop_id;
    NEW.search_text := soko_normalize(concat_ws(' ', NEW.name, NEW.name_sw, NEW.type,
      category_name, shop_name, replace(NEW.description, '||', ' '),
      replace(NEW.description_sw, '||', ' ')));
    NEW.search_vector :=
      setweight(to_tsvector('simple', soko_normalize(concat_ws(' ', NEW.name, NEW.name_sw))), 'A') ||
      setweight(to_tsvector('simple', soko_normalize(concat_ws(' ', NEW.type, category_name))), 'B') ||
      setweight(to_tsvector('simple', soko_normalize(shop_name)), 'C') ||
      setweight(to_tsvector('simple', soko_normalize(concat_ws(' ',
        replace(NEW.description, '||', ' '), replace(NEW.description_sw, '||', ' ')))), 'D');
    PERFORM soko_remember_words(NEW.search_text);
    RETURN NEW;
  END
  $$;--> statement-breakpoint
DROP TRIGGER products_search ON products;--> statement-breakpoint
CREATE TRIGGER products_search
  BEFORE INSERT OR UPDATE OF name, name_sw, type, description, description_sw, category_id, shop_id
  ON products
  FOR EACH ROW EXECUTE FUNCTION soko_product_search();--> statement-breakpoint
-- A query that is a product's Swahili name is found by its own index, as the English one is.
CREATE INDEX "products_name_sw_normalized_idx" ON "products" (soko_normalize("name_sw"))
  WHERE "name_sw" IS NOT NULL;--> statement-breakpoint
-- Products given Swahili texts before this migration are read again.
UPDATE products SET name_sw = name_sw WHERE name_sw IS NOT NULL OR description_sw IS NOT NULL;
