-- One counter that every write to the tables pages are built from moves forward, so in-memory
-- copies of settings, collections, products, stock and forms can tell they are stale with one
-- cheap read, whoever wrote (any route, any connection, a script).

CREATE TABLE content_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);

INSERT INTO content_versions (name, version) VALUES ('storefront', 0);

CREATE TRIGGER site_settings_insert_moves_version AFTER INSERT ON site_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER site_settings_update_moves_version AFTER UPDATE ON site_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER site_settings_delete_moves_version AFTER DELETE ON site_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER collections_insert_moves_version AFTER INSERT ON collections
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER collections_update_moves_version AFTER UPDATE ON collections
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER collections_delete_moves_version AFTER DELETE ON collections
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER forms_insert_moves_version AFTER INSERT ON forms
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER forms_update_moves_version AFTER UPDATE ON forms
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER forms_delete_moves_version AFTER DELETE ON forms
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER products_insert_moves_version AFTER INSERT ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER products_update_moves_version AFTER UPDATE ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER products_delete_moves_version AFTER DELETE ON products
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER variants_insert_moves_version AFTER INSERT ON variants
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER variants_update_moves_version AFTER UPDATE ON variants
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER variants_delete_moves_version AFTER DELETE ON variants
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER product_images_insert_moves_version AFTER INSERT ON product_images
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER product_images_update_moves_version AFTER UPDATE ON product_images
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER product_images_delete_moves_version AFTER DELETE ON product_images
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER content_items_insert_moves_version AFTER INSERT ON content_items
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER content_items_update_moves_version AFTER UPDATE ON content_items
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER content_items_delete_moves_version AFTER DELETE ON content_items
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER commerce_preferences_insert_moves_version AFTER INSERT ON commerce_preferences
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER commerce_preferences_update_moves_version AFTER UPDATE ON commerce_preferences
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER commerce_preferences_delete_moves_version AFTER DELETE ON commerce_preferences
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER platform_settings_insert_moves_version AFTER INSERT ON platform_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER platform_settings_update_moves_version AFTER UPDATE ON platform_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER platform_settings_delete_moves_version AFTER DELETE ON platform_settings
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;

CREATE TRIGGER product_categories_insert_moves_version AFTER INSERT ON product_categories
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER product_categories_update_moves_version AFTER UPDATE ON product_categories
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
CREATE TRIGGER product_categories_delete_moves_version AFTER DELETE ON product_categories
BEGIN UPDATE content_versions SET version = version + 1 WHERE name = 'storefront'; END;
