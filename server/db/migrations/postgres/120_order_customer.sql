-- The checkout's customer details on each order: who bought, where it ships, how it was paid.
-- The short number (#1001) is what the shopper and the owner read; the id stays the record key.
-- The idempotency key names one checkout attempt, so a repeated submit finds the order it made.
ALTER TABLE orders ADD COLUMN order_number BIGINT;
ALTER TABLE orders ADD COLUMN customer_email TEXT;
ALTER TABLE orders ADD COLUMN customer_name TEXT;
-- JSON: line1, line2, city, region, postalCode, countryCode
ALTER TABLE orders ADD COLUMN shipping_address_json TEXT;
ALTER TABLE orders ADD COLUMN shipping_option_id TEXT;
ALTER TABLE orders ADD COLUMN shipping_option_name TEXT;
ALTER TABLE orders ADD COLUMN shipping_option_cents BIGINT;
ALTER TABLE orders ADD COLUMN payment_provider TEXT;
ALTER TABLE orders ADD COLUMN payment_reference TEXT;
ALTER TABLE orders ADD COLUMN idempotency_key TEXT;
-- a gift card's recipient
ALTER TABLE orders ADD COLUMN recipient_email TEXT;
CREATE UNIQUE INDEX orders_by_number ON orders(order_number);
CREATE UNIQUE INDEX orders_by_idempotency_key ON orders(idempotency_key);
-- what the shopper chose, in words, as it was when bought (the confirmation and email show it, never the SKU)
ALTER TABLE order_items ADD COLUMN variant_label TEXT;
ALTER TABLE order_items ADD COLUMN billing_interval TEXT;
