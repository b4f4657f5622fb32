CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid,
	"rating" integer NOT NULL,
	"body" text NOT NULL,
	"hidden_at" timestamp with time zone,
	"hidden_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_users_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_product_user_key" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_created_idx" ON "reviews" USING btree ("product_id","created_at");--> statement-breakpoint
-- Search (decision 011). Everything below is kept out of the Drizzle schema on purpose: it is
-- PostgreSQL's own machinery (extensions, a tsvector, trigram indexes, triggers), the same on
-- PGlite and on a server, and written here once.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
-- Names inside these functions are schema-qualified: an index build runs them with a search
-- path of pg_catalog only (PostgreSQL 17).
-- unaccent() is only STABLE (it reads its dictionary at run time); an index needs IMMUTABLE.
-- Naming the dictionary makes it safe to declare so (the usual PostgreSQL idiom).
CREATE OR REPLACE FUNCTION soko_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION soko_normalize(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(public.soko_unaccent(coalesce($1, ''))) $$;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
-- Every distinct word of the catalogue, for correcting a mistyped query word to one that exists
-- (pg_trgm similarity). It only grows: a word left by a deleted product corrects to nothing found.
CREATE TABLE "search_words" ("word" text PRIMARY KEY);--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_normalized_idx" ON "products" (soko_normalize("name"));--> statement-breakpoint
CREATE OR REPLACE FUNCTION soko_remember_words(text) RETURNS void
  LANGUAGE sql
  AS $$
    INSERT INTO search_words (word)
    SELECT DISTINCT w FROM regexp_split_to_table($1, '[^[:alnum:]]+') AS w
    WHERE length(w) BETWEEN 3 AND 40 AND w ~ '[[:alpha:]]'
    ON CONFLICT DO NOTHING
  $$;--> statement-breakpoint
-- A product's search text and vector: the name weighs most (A), then Type and category (B), the
-- shop (C), the description (D). 'simple' does not stem, so Swahili and English read alike.
CREATE OR REPLACE FUNCTION soko_product_search() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  DECLARE
    category_name text;
    shop_name text;
  BEGIN
    SELECT name INTO category_name FROM categories WHERE id = NEW.category_id;
    SELECT name INTO shop_name FROM shops WHERE id = NEW.shop_id;
    NEW.search_text := soko_normalize(concat_ws(' ', NEW.name, NEW.type, category_name, shop_name,
      replace(NEW.description, '||', ' ')));
    NEW.search_vector :=
      setweight(to_tsvector('simple', soko_normalize(NEW.name)), 'A') ||
      setweight(to_tsvector('simple', soko_normalize(concat_ws(' ', NEW.type, category_name))), 'B') ||
      setweight(to_tsvector('simple', soko_normalize(shop_name)), 'C') ||
      setweight(to_tsvector('simple', soko_normalize(replace(NEW.description, '||', ' '))), 'D');
    PERFORM soko_remember_words(NEW.search_text);
    RETURN NEW;
  END
  $$;--> statement-breakpoint
-- Only the columns search reads: an order taking stock does not pay for it.
CREATE TRIGGER products_search
  BEFORE INSERT OR UPDATE OF name, type, description, category_id, shop_id ON products
  FOR EACH ROW EXECUTE FUNCTION soko_product_search();--> statement-breakpoint
-- A renamed category or shop re-reads its products (the product trigger recomputes them).
CREATE OR REPLACE FUNCTION soko_owner_renamed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_TABLE_NAME = 'categories' THEN
      UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
    ELSE
      UPDATE products SET shop_id = shop_id WHERE shop_id = NEW.id;
    END IF;
    RETURN NULL;
  END
  $$;--> statement-breakpoint
CREATE TRIGGER categories_search
  AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION soko_owner_renamed();--> statement-breakpoint
CREATE TRIGGER shops_search
  AFTER UPDATE OF name ON shops
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION soko_owner_renamed();--> statement-breakpoint
-- The products already there.
UPDATE products SET name = name;
