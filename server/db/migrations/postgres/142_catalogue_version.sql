-- A second counter, moved only by the writes that can change what browsing lists of a product
-- (its row: address, visibility, order, categories, tags, featured mark, type; a variant's price,
-- sale price and sale switch; a product or variant added or removed). The shop's listing is kept
-- by this one, so an order, which changes only stock, no longer rebuilds it, in any process.
-- Everything else still moves the storefront counter as before.

INSERT INTO content_versions (name, version) VALUES ('catalogue', 0);

CREATE FUNCTION move_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'catalogue';
  RETURN NULL;
END;
$$;

CREATE TRIGGER products_moves_catalogue_version AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION move_catalogue_version();
CREATE TRIGGER variants_added_or_removed_moves_catalogue_version AFTER INSERT OR DELETE ON variants
  FOR EACH ROW EXECUTE FUNCTION move_catalogue_version();
-- stock counts and the unlimited switch are not listed: an order's or a restock's write leaves it be
CREATE TRIGGER variants_price_update_moves_catalogue_version AFTER UPDATE ON variants
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.price_cents IS DISTINCT FROM NEW.price_cents OR OLD.sale_price_cents IS DISTINCT FROM NEW.sale_price_cents
    OR OLD.on_sale IS DISTINCT FROM NEW.on_sale)
  EXECUTE FUNCTION move_catalogue_version();
