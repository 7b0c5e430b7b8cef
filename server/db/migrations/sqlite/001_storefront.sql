-- Storefront catalogue, carts, orders and restock sign-ups.
-- Money is stored as integer minor units (cents; whole yen for JPY).

CREATE TABLE site_settings (
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL
);

CREATE TABLE collections (
  id TEXT PRIMARY KEY,
  url_id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  type_code INTEGER NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  member_only INTEGER NOT NULL DEFAULT 0,
  data_json TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE forms (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  definition_json TEXT NOT NULL
);

CREATE TABLE products (
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id),
  url_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  product_type INTEGER NOT NULL CHECK (product_type BETWEEN 1 AND 5),
  additional_fields_form_id TEXT REFERENCES forms(id),
  display_order INTEGER NOT NULL DEFAULT 0,
  created_on INTEGER NOT NULL,
  -- everything else the product page shows (subscription plan, scarcity, tags…) as platform-shaped JSON
  data_json TEXT NOT NULL DEFAULT '{}',
  UNIQUE (collection_id, url_id)
);

CREATE TABLE variants (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  sku TEXT NOT NULL UNIQUE,
  price_cents INTEGER NOT NULL CHECK (price_cents >= 0),
  sale_price_cents INTEGER NOT NULL DEFAULT 0 CHECK (sale_price_cents >= 0),
  on_sale INTEGER NOT NULL DEFAULT 0,
  qty_in_stock INTEGER NOT NULL DEFAULT 0 CHECK (qty_in_stock >= 0),
  unlimited INTEGER NOT NULL DEFAULT 0,
  attributes_json TEXT NOT NULL DEFAULT '{}',
  display_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX variants_by_product ON variants(product_id, display_order);

CREATE TABLE product_images (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  asset_url TEXT NOT NULL,
  original_size TEXT NOT NULL,
  alt_text TEXT NOT NULL DEFAULT '',
  focal_x REAL NOT NULL DEFAULT 0.5,
  focal_y REAL NOT NULL DEFAULT 0.5,
  display_order INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX product_images_by_product ON product_images(product_id, display_order);

-- Non-product content: lessons, gallery slides, pages.
CREATE TABLE content_items (
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id),
  url_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  record_type INTEGER NOT NULL,
  display_order INTEGER NOT NULL DEFAULT 0,
  created_on INTEGER NOT NULL,
  data_json TEXT NOT NULL DEFAULT '{}',
  UNIQUE (collection_id, url_id)
);

CREATE TABLE carts (
  id TEXT PRIMARY KEY,
  -- secret carried by the visitor's cart cookie; never shown in a page context
  cookie_token TEXT NOT NULL UNIQUE,
  site_user_id TEXT,
  kind TEXT NOT NULL DEFAULT 'cart' CHECK (kind IN ('cart', 'subscription')),
  currency TEXT NOT NULL,
  is_purchased INTEGER NOT NULL DEFAULT 0,
  order_id TEXT,
  created_on INTEGER NOT NULL,
  updated_on INTEGER NOT NULL
);
CREATE INDEX carts_by_user ON carts(site_user_id, is_purchased);

CREATE TABLE cart_entries (
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  variant_id TEXT NOT NULL REFERENCES variants(id),
  quantity INTEGER NOT NULL CHECK (quantity > 0),
  additional_fields_json TEXT,
  created_on INTEGER NOT NULL
);
CREATE INDEX cart_entries_by_cart ON cart_entries(cart_id, created_on);

CREATE TABLE orders (
  id TEXT PRIMARY KEY,
  purchased_cart_id TEXT NOT NULL UNIQUE REFERENCES carts(id),
  website_id TEXT NOT NULL,
  test_mode INTEGER NOT NULL,
  currency TEXT NOT NULL,
  subtotal_cents INTEGER NOT NULL,
  tax_cents INTEGER NOT NULL,
  shipping_cents INTEGER NOT NULL,
  discount_cents INTEGER NOT NULL,
  grand_total_cents INTEGER NOT NULL,
  -- secret in the confirmation link so one visitor cannot read another's order
  view_token TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE order_items (
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  variant_id TEXT NOT NULL,
  sku TEXT NOT NULL,
  product_name TEXT NOT NULL,
  quantity INTEGER NOT NULL,
  unit_price_cents INTEGER NOT NULL,
  product_type INTEGER NOT NULL
);

CREATE TABLE mailing_list (
  email TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  created_on INTEGER NOT NULL
);

CREATE TABLE restock_signups (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id),
  variant_id TEXT NOT NULL REFERENCES variants(id),
  email TEXT NOT NULL,
  join_mailing_list INTEGER NOT NULL DEFAULT 0,
  language TEXT,
  created_on INTEGER NOT NULL,
  notified_on INTEGER,
  UNIQUE (product_id, variant_id, email)
);
CREATE INDEX restock_signups_by_variant ON restock_signups(product_id, variant_id, created_on, id);

CREATE TABLE restock_outbox (
  id TEXT PRIMARY KEY,
  signup_id TEXT NOT NULL REFERENCES restock_signups(id),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_on INTEGER NOT NULL
);
