-- Owner settings: commerce preferences per namespace, other settings documents by key,
-- and the categories of store collections created by the store-creation calls.

CREATE TABLE commerce_preferences (
  namespace TEXT PRIMARY KEY,
  data_json TEXT NOT NULL,
  updated_on INTEGER NOT NULL
);

-- header/footer, multilingual state: one JSON document per key
CREATE TABLE platform_settings (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL,
  updated_on INTEGER NOT NULL
);

CREATE TABLE product_categories (
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  display_name TEXT NOT NULL,
  parent_category_id TEXT REFERENCES product_categories(id),
  type TEXT NOT NULL CHECK (type IN ('ROOT', 'CATEGORY')),
  page_rendering TEXT NOT NULL,
  display_index INTEGER NOT NULL,
  created_on INTEGER NOT NULL
);
-- one root per store collection
CREATE UNIQUE INDEX product_categories_one_root ON product_categories(collection_id) WHERE type = 'ROOT';
