-- The PostgreSQL schema of the store: the same tables as the SQLite migrations 001-105 reach,
-- written once for this engine (a PostgreSQL store has no history to replay).
-- Differences from SQLite, kept small so one SQL text serves both engines:
-- * every table has a rowid column (SQLite's implicit one) so ORDER BY rowid reads the same;
-- * integers are BIGINT (epoch milliseconds do not fit INTEGER), REAL is DOUBLE PRECISION;
-- * emails compare case-insensitively through lower() in the queries and a unique index on lower(email);
-- * the content version moves by one trigger function (per changed row, as SQLite's triggers) instead of one trigger body per table.

-- from 001_storefront.sql
-- Storefront catalogue, carts, orders and restock sign-ups.
-- Money is stored as integer minor units (cents; whole yen for JPY).

CREATE TABLE site_settings (
  rowid BIGSERIAL,
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL
);

CREATE TABLE collections (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  url_id TEXT NOT NULL UNIQUE,
  title TEXT NOT NULL,
  type_code BIGINT NOT NULL,
  description TEXT NOT NULL DEFAULT '',
  member_only BIGINT NOT NULL DEFAULT 0,
  data_json TEXT NOT NULL DEFAULT '{}'
);

CREATE TABLE forms (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  definition_json TEXT NOT NULL
);

CREATE TABLE products (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id),
  url_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  product_type BIGINT NOT NULL CHECK (product_type BETWEEN 1 AND 5),
  additional_fields_form_id TEXT REFERENCES forms(id),
  display_order BIGINT NOT NULL DEFAULT 0,
  created_on BIGINT NOT NULL,
  -- everything else the product page shows (subscription plan, scarcity, tags…) as platform-shaped JSON
  data_json TEXT NOT NULL DEFAULT '{}',
  UNIQUE (collection_id, url_id)
);

CREATE TABLE variants (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  sku TEXT NOT NULL UNIQUE,
  price_cents BIGINT NOT NULL CHECK (price_cents >= 0),
  sale_price_cents BIGINT NOT NULL DEFAULT 0 CHECK (sale_price_cents >= 0),
  on_sale BIGINT NOT NULL DEFAULT 0,
  qty_in_stock BIGINT NOT NULL DEFAULT 0 CHECK (qty_in_stock >= 0),
  unlimited BIGINT NOT NULL DEFAULT 0,
  attributes_json TEXT NOT NULL DEFAULT '{}',
  display_order BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX variants_by_product ON variants(product_id, display_order);

CREATE TABLE product_images (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  asset_url TEXT NOT NULL,
  original_size TEXT NOT NULL,
  alt_text TEXT NOT NULL DEFAULT '',
  focal_x DOUBLE PRECISION NOT NULL DEFAULT 0.5,
  focal_y DOUBLE PRECISION NOT NULL DEFAULT 0.5,
  display_order BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX product_images_by_product ON product_images(product_id, display_order);

-- Non-product content: lessons, gallery slides, pages.
CREATE TABLE content_items (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id),
  url_id TEXT NOT NULL,
  title TEXT NOT NULL,
  body TEXT NOT NULL DEFAULT '',
  excerpt TEXT NOT NULL DEFAULT '',
  record_type BIGINT NOT NULL,
  display_order BIGINT NOT NULL DEFAULT 0,
  created_on BIGINT NOT NULL,
  data_json TEXT NOT NULL DEFAULT '{}',
  UNIQUE (collection_id, url_id)
);

CREATE TABLE carts (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  -- secret carried by the visitor's cart cookie; never shown in a page context
  cookie_token TEXT NOT NULL UNIQUE,
  site_user_id TEXT,
  kind TEXT NOT NULL DEFAULT 'cart' CHECK (kind IN ('cart', 'subscription')),
  currency TEXT NOT NULL,
  is_purchased BIGINT NOT NULL DEFAULT 0,
  order_id TEXT,
  created_on BIGINT NOT NULL,
  updated_on BIGINT NOT NULL
);
CREATE INDEX carts_by_user ON carts(site_user_id, is_purchased);

CREATE TABLE cart_entries (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  cart_id TEXT NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL REFERENCES products(id),
  variant_id TEXT NOT NULL REFERENCES variants(id),
  quantity BIGINT NOT NULL CHECK (quantity > 0),
  additional_fields_json TEXT,
  created_on BIGINT NOT NULL
);
CREATE INDEX cart_entries_by_cart ON cart_entries(cart_id, created_on);

CREATE TABLE orders (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  purchased_cart_id TEXT NOT NULL UNIQUE REFERENCES carts(id),
  website_id TEXT NOT NULL,
  test_mode BIGINT NOT NULL,
  currency TEXT NOT NULL,
  subtotal_cents BIGINT NOT NULL,
  tax_cents BIGINT NOT NULL,
  shipping_cents BIGINT NOT NULL,
  discount_cents BIGINT NOT NULL,
  grand_total_cents BIGINT NOT NULL,
  -- secret in the confirmation link so one visitor cannot read another's order
  view_token TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE order_items (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  variant_id TEXT NOT NULL,
  sku TEXT NOT NULL,
  product_name TEXT NOT NULL,
  quantity BIGINT NOT NULL,
  unit_price_cents BIGINT NOT NULL,
  product_type BIGINT NOT NULL
);

CREATE TABLE mailing_list (
  rowid BIGSERIAL,
  email TEXT PRIMARY KEY,
  source TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE restock_signups (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL REFERENCES products(id),
  variant_id TEXT NOT NULL REFERENCES variants(id),
  email TEXT NOT NULL,
  join_mailing_list BIGINT NOT NULL DEFAULT 0,
  language TEXT,
  created_on BIGINT NOT NULL,
  notified_on BIGINT,
  UNIQUE (product_id, variant_id, email)
);
CREATE INDEX restock_signups_by_variant ON restock_signups(product_id, variant_id, created_on, id);

-- from 100_platform_accounts_forms.sql
-- Site-user and owner accounts with their server-side sessions, and form submissions.

CREATE TABLE site_users (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  -- scrypt: "scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>"
  password_hash TEXT NOT NULL,
  -- contributor role code of an owner account (1 admin … 15 website manager); NULL for visitors
  contributor_role BIGINT CHECK (contributor_role IS NULL OR contributor_role BETWEEN 1 AND 15),
  locale TEXT,
  created_on BIGINT NOT NULL
);

-- The SiteUserInfo cookie only names the user; this row (found through an HttpOnly token) authenticates.
CREATE TABLE site_user_sessions (
  rowid BIGSERIAL,
  token_hash TEXT PRIMARY KEY,
  site_user_id TEXT NOT NULL REFERENCES site_users(id) ON DELETE CASCADE,
  xsrf_token TEXT NOT NULL,
  remember_me BIGINT NOT NULL,
  created_on BIGINT NOT NULL,
  expires_on BIGINT NOT NULL
);
CREATE INDEX site_user_sessions_by_user ON site_user_sessions(site_user_id);
CREATE INDEX site_user_sessions_by_expiry ON site_user_sessions(expires_on);

CREATE TABLE form_submission_keys (
  rowid BIGSERIAL,
  key TEXT PRIMARY KEY,
  created_on BIGINT NOT NULL,
  used_on BIGINT
);
CREATE INDEX form_submission_keys_by_age ON form_submission_keys(created_on);

CREATE TABLE form_submissions (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  form_id TEXT NOT NULL REFERENCES forms(id),
  submission_key TEXT NOT NULL UNIQUE,
  -- normalised values keyed by field id
  values_json TEXT NOT NULL,
  page_title TEXT,
  page_id TEXT,
  content_source TEXT CHECK (content_source IS NULL OR content_source IN ('i', 'c')),
  page_path TEXT,
  page_permission_type_value TEXT,
  site_user_id TEXT,
  created_on BIGINT NOT NULL
);
CREATE INDEX form_submissions_by_form ON form_submissions(form_id, created_on);

-- from 101_platform_tracking.sql
-- Tracking tables. Each is bounded: after an insert, rows older than the newest N are dropped,
-- so a flood of beacons cannot fill the disk. Ids are contiguous per table, which makes the
-- trim a cheap range delete on the primary key.

CREATE TABLE tracking_events (
  rowid BIGSERIAL,
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE javascript_errors (
  rowid BIGSERIAL,
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE census_hits (
  rowid BIGSERIAL,
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE performance_records (
  rowid BIGSERIAL,
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

CREATE TABLE clanker_events (
  rowid BIGSERIAL,
  id BIGSERIAL PRIMARY KEY,
  kind TEXT NOT NULL,
  visitor_id TEXT,
  payload_json TEXT NOT NULL,
  created_on BIGINT NOT NULL
);

-- from 102_platform_settings.sql
-- Owner settings: commerce preferences per namespace, other settings documents by key,
-- and the categories of store collections created by the store-creation calls.

CREATE TABLE commerce_preferences (
  rowid BIGSERIAL,
  namespace TEXT PRIMARY KEY,
  data_json TEXT NOT NULL,
  updated_on BIGINT NOT NULL
);

-- header/footer, multilingual state: one JSON document per key
CREATE TABLE platform_settings (
  rowid BIGSERIAL,
  key TEXT PRIMARY KEY,
  value_json TEXT NOT NULL,
  updated_on BIGINT NOT NULL
);

CREATE TABLE product_categories (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  collection_id TEXT NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
  display_name TEXT NOT NULL,
  parent_category_id TEXT REFERENCES product_categories(id),
  type TEXT NOT NULL CHECK (type IN ('ROOT', 'CATEGORY')),
  page_rendering TEXT NOT NULL,
  display_index BIGINT NOT NULL,
  created_on BIGINT NOT NULL
);
-- one root per store collection
CREATE UNIQUE INDEX product_categories_one_root ON product_categories(collection_id) WHERE type = 'ROOT';

-- from 103_content_version.sql
-- One counter that every write to the tables pages are built from moves forward, so in-memory
-- copies of settings, collections, products, stock and forms can tell they are stale with one
-- cheap read, whoever wrote (any route, any connection, a script).

CREATE TABLE content_versions (
  name TEXT PRIMARY KEY,
  version INTEGER NOT NULL
);

INSERT INTO content_versions (name, version) VALUES ('storefront', 0);

CREATE FUNCTION move_storefront_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE content_versions SET version = version + 1 WHERE name = 'storefront';
  RETURN NULL;
END;
$$;

CREATE TRIGGER site_settings_moves_version AFTER INSERT OR UPDATE OR DELETE ON site_settings
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER collections_moves_version AFTER INSERT OR UPDATE OR DELETE ON collections
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER forms_moves_version AFTER INSERT OR UPDATE OR DELETE ON forms
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER products_moves_version AFTER INSERT OR UPDATE OR DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER variants_moves_version AFTER INSERT OR UPDATE OR DELETE ON variants
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER product_images_moves_version AFTER INSERT OR UPDATE OR DELETE ON product_images
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER content_items_moves_version AFTER INSERT OR UPDATE OR DELETE ON content_items
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER commerce_preferences_moves_version AFTER INSERT OR UPDATE OR DELETE ON commerce_preferences
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER platform_settings_moves_version AFTER INSERT OR UPDATE OR DELETE ON platform_settings
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();
CREATE TRIGGER product_categories_moves_version AFTER INSERT OR UPDATE OR DELETE ON product_categories
  FOR EACH ROW EXECUTE FUNCTION move_storefront_version();

-- from 104_shared_limits.sql
-- Limits every process on this database file shares, so N processes allow one budget:
-- the rate limiter's counters, the captcha's redeemed tokens and answers per challenge,
-- and failed sign-ins per account and address. Rows past their expiry are swept as new ones come.

-- one fixed window per key ('<call>:<client>'): hits so far and when the window ends
CREATE TABLE rate_limit_counters (
  rowid BIGSERIAL,
  key TEXT PRIMARY KEY,
  hits BIGINT NOT NULL,
  reset_on BIGINT NOT NULL
);
CREATE INDEX rate_limit_counters_by_reset ON rate_limit_counters(reset_on);

-- a captcha token works once: its nonce is kept until the token would have expired anyway
CREATE TABLE captcha_redeemed_tokens (
  rowid BIGSERIAL,
  nonce TEXT PRIMARY KEY,
  expires_on BIGINT NOT NULL
);
CREATE INDEX captcha_redeemed_tokens_by_expiry ON captcha_redeemed_tokens(expires_on);

-- answers given to one challenge, until the challenge expires
CREATE TABLE captcha_answer_attempts (
  rowid BIGSERIAL,
  challenge_nonce TEXT PRIMARY KEY,
  attempts BIGINT NOT NULL,
  expires_on BIGINT NOT NULL
);
CREATE INDEX captcha_answer_attempts_by_expiry ON captcha_answer_attempts(expires_on);

-- failed sign-ins of one account (lower-case email) from one client address, and until when
-- that pair must wait before its next attempt
CREATE TABLE sign_in_failures (
  rowid BIGSERIAL,
  account TEXT NOT NULL,
  address TEXT NOT NULL,
  failures BIGINT NOT NULL,
  last_failure_on BIGINT NOT NULL,
  blocked_until BIGINT NOT NULL,
  PRIMARY KEY (account, address)
);
CREATE INDEX sign_in_failures_by_last_failure ON sign_in_failures(last_failure_on);

-- from 105_mailing_list_confirmation.sql
-- Double opt-in: an address joins mailing_list only once its owner opens the signed link mailed
-- to it. The confirmation message goes into the outbox beside the restock notices, so the outbox
-- now says what kind each message is and a confirmation has no restock sign-up.

CREATE TABLE restock_outbox (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL DEFAULT 'restock-notice' CHECK (kind IN ('restock-notice', 'mailing-list-confirmation')),
  signup_id TEXT REFERENCES restock_signups(id),
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  body TEXT NOT NULL,
  created_on BIGINT NOT NULL,
  CHECK (kind = 'mailing-list-confirmation' OR signup_id IS NOT NULL)
);
CREATE INDEX restock_outbox_by_recipient ON restock_outbox(recipient, kind, created_on);

-- keys this store makes for itself once and every process then shares (the confirmation links' HMAC key)
CREATE TABLE server_secrets (
  rowid BIGSERIAL,
  name TEXT PRIMARY KEY,
  value TEXT NOT NULL
);
-- made here, once, from SQLite's own cryptographic random source, so no request ever has to write it
INSERT INTO server_secrets (name, value) VALUES ('mailing-list-confirmation', encode(sha256(convert_to(gen_random_uuid()::text || gen_random_uuid()::text, 'UTF8')), 'hex'));

-- emails are one account whatever their letter case
CREATE UNIQUE INDEX site_users_email_lower ON site_users (lower(email));
