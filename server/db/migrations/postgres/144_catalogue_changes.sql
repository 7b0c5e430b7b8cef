-- Which products each move of the catalogue counter (migration 142) was for: a process whose shop
-- listing was built at an older version reads again only the products written since, not every
-- product of the shop (product-listing-cache.ts). The rows of the last 10,000 versions are kept
-- (CATALOGUE_CHANGES_KEPT); a listing older than that is read again whole.
CREATE TABLE catalogue_changes (
  rowid BIGSERIAL,
  version BIGINT NOT NULL,
  product_id TEXT NOT NULL
);
CREATE INDEX catalogue_changes_by_version ON catalogue_changes(version);
-- the shop's members and order as ids, which that reading takes afresh each time: of the visible
-- products only, so it reads no row (and leaves 140's index to the reads of every product)
CREATE INDEX products_listed_order ON products(collection_id, display_order, id) WHERE visible = 1;

-- 142's function again, now also noting the product (both ids when a write moves a variant or
-- renames a product) at the version it moved to, and letting go of the rows past the window.
-- Its triggers stay as they are.
CREATE OR REPLACE FUNCTION move_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  moved BIGINT;
  old_product TEXT;
  new_product TEXT;
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue' RETURNING version INTO moved;
  -- one statement per table: a statement naming a column the row lacks fails even untaken
  IF TG_TABLE_NAME = 'products' THEN
    IF TG_OP <> 'INSERT' THEN old_product := OLD.id; END IF;
    IF TG_OP <> 'DELETE' THEN new_product := NEW.id; END IF;
  ELSE
    IF TG_OP <> 'INSERT' THEN old_product := OLD.product_id; END IF;
    IF TG_OP <> 'DELETE' THEN new_product := NEW.product_id; END IF;
  END IF;
  IF new_product IS NOT NULL THEN
    INSERT INTO catalogue_changes (version, product_id) VALUES (moved, new_product);
  END IF;
  IF old_product IS NOT NULL AND old_product IS DISTINCT FROM new_product THEN
    INSERT INTO catalogue_changes (version, product_id) VALUES (moved, old_product);
  END IF;
  DELETE FROM catalogue_changes WHERE version <= moved - 10000;
  RETURN NULL;
END;
$$;
