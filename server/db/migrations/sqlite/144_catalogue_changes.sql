-- Which products each move of the catalogue counter (migration 142) was for: a process whose shop
-- listing was built at an older version reads again only the products written since, not every
-- product of the shop (product-listing-cache.ts). The rows of the last 10,000 versions are kept
-- (CATALOGUE_CHANGES_KEPT); a listing older than that is read again whole.
CREATE TABLE catalogue_changes (
  version INTEGER NOT NULL,
  product_id TEXT NOT NULL
);
CREATE INDEX catalogue_changes_by_version ON catalogue_changes(version);
-- the shop's members and order as ids, which that reading takes afresh each time: of the visible
-- products only, so it reads no row (and leaves 140's index to the reads of every product)
CREATE INDEX products_listed_order ON products(collection_id, display_order, id) WHERE visible = 1;

-- 142's triggers again, each now also noting its product (both ids when a write moves a variant
-- or renames a product) at the version it moved to, and letting go of the rows past the window.
DROP TRIGGER products_insert_moves_catalogue_version;
DROP TRIGGER products_update_moves_catalogue_version;
DROP TRIGGER products_delete_moves_catalogue_version;
DROP TRIGGER variants_insert_moves_catalogue_version;
DROP TRIGGER variants_price_update_moves_catalogue_version;
DROP TRIGGER variants_delete_moves_catalogue_version;

CREATE TRIGGER products_insert_moves_catalogue_version AFTER INSERT ON products
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id) SELECT version, NEW.id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;
CREATE TRIGGER products_update_moves_catalogue_version AFTER UPDATE ON products
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id)
    SELECT version, NEW.id FROM content_versions WHERE name = 'catalogue'
    UNION SELECT version, OLD.id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;
CREATE TRIGGER products_delete_moves_catalogue_version AFTER DELETE ON products
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id) SELECT version, OLD.id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;

CREATE TRIGGER variants_insert_moves_catalogue_version AFTER INSERT ON variants
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id) SELECT version, NEW.product_id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;
-- stock counts and the unlimited switch are not listed: an order's or a restock's write leaves it be
CREATE TRIGGER variants_price_update_moves_catalogue_version AFTER UPDATE ON variants
WHEN OLD.id IS NOT NEW.id OR OLD.product_id IS NOT NEW.product_id OR OLD.price_cents IS NOT NEW.price_cents
  OR OLD.sale_price_cents IS NOT NEW.sale_price_cents OR OLD.on_sale IS NOT NEW.on_sale
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id)
    SELECT version, NEW.product_id FROM content_versions WHERE name = 'catalogue'
    UNION SELECT version, OLD.product_id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;
CREATE TRIGGER variants_delete_moves_catalogue_version AFTER DELETE ON variants
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  INSERT INTO catalogue_changes (version, product_id) SELECT version, OLD.product_id FROM content_versions WHERE name = 'catalogue';
  DELETE FROM catalogue_changes WHERE version <= (SELECT version FROM content_versions WHERE name = 'catalogue') - 10000;
END;
