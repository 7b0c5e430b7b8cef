-- A discount code the owner allows once per customer: an order is refused the code when an order
-- placed with the same email used it and kept its use (not cancelled or refunded). 0 or 1.
ALTER TABLE discount_codes ADD COLUMN once_per_customer INTEGER NOT NULL DEFAULT 0 CHECK (once_per_customer IN (0, 1));
