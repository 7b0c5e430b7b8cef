-- Delivery of digital products (server/admin/product-file-calls.ts, server/commerce/download-grants.ts).
-- The one file a digital product delivers, kept in a private folder under the data directory
-- (never served statically): the name it is stored under there, the name it was uploaded with
-- (as the buyer's download is called), its type, size and checksum, and who uploaded it when.
CREATE TABLE product_files (
  rowid BIGSERIAL,
  product_id TEXT PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  stored_name TEXT NOT NULL,
  file_name TEXT NOT NULL,
  content_type TEXT NOT NULL,
  byte_size BIGINT NOT NULL CHECK (byte_size >= 0),
  sha256 TEXT NOT NULL,
  uploaded_on BIGINT NOT NULL,
  uploaded_by TEXT NOT NULL
);

-- A buyer's right to download the file of one digital line of an order, written in the order's
-- transaction. The link's token is HMAC-SHA256 of the grant's id under a server secret, so the
-- email and the confirmation page rebuild it; only its SHA-256 is kept, to find the grant.
CREATE TABLE download_grants (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  order_item_id TEXT NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  product_id TEXT NOT NULL,
  token_sha256 TEXT NOT NULL UNIQUE,
  expires_on BIGINT NOT NULL,
  downloads_left BIGINT NOT NULL CHECK (downloads_left >= 0),
  created_on BIGINT NOT NULL
);
CREATE INDEX download_grants_by_order ON download_grants(order_id);
