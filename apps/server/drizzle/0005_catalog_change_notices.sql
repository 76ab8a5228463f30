-- Every process caches the shop's catalog answers (searches, offer pages, categories). A change to
-- the catalog, by any process or tool, announces itself on the channel 'catalog_changed' when its
-- transaction commits, and every listening process drops its cached answers. Statement-level, and
-- PostgreSQL folds identical notices of one transaction into one.
CREATE FUNCTION "notify_catalog_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "categories_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "offers_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offers"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
--> statement-breakpoint
CREATE TRIGGER "offer_attributes_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_attributes"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalog_changed"();
