-- A second counter, moved only by the writes that can change what browsing lists of a product
-- (its row: address, visibility, order, categories, tags, featured mark, type; a variant's price,
-- sale price and sale switch; a product or variant added or removed). The shop's listing is kept
-- by this one, so an order, which changes only stock, no longer rebuilds it, in any process.
-- Everything else still moves the storefront counter as before.

INSERT INTO content_versions (name, version) VALUES ('catalogue', 0);

CREATE TRIGGER products_insert_moves_catalogue_version AFTER INSERT ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;
CREATE TRIGGER products_update_moves_catalogue_version AFTER UPDATE ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;
CREATE TRIGGER products_delete_moves_catalogue_version AFTER DELETE ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;

CREATE TRIGGER variants_insert_moves_catalogue_version AFTER INSERT ON variants
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;
-- stock counts and the unlimited switch are not listed: an order's or a restock's write leaves it be
CREATE TRIGGER variants_price_update_moves_catalogue_version AFTER UPDATE ON variants
WHEN OLD.id IS NOT NEW.id OR OLD.product_id IS NOT NEW.product_id OR OLD.price_cents IS NOT NEW.price_cents
  OR OLD.sale_price_cents IS NOT NEW.sale_price_cents OR OLD.on_sale IS NOT NEW.on_sale
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;
CREATE TRIGGER variants_delete_moves_catalogue_version AFTER DELETE ON variants
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue'; END;
