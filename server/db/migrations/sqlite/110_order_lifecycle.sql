-- Where an order stands once it is placed: paid (the checkout's state), fulfilled, cancelled
-- (stock returned) or refunded, with when and by whom (the owner account's email) each happened.

ALTER TABLE orders ADD COLUMN status TEXT NOT NULL DEFAULT 'paid' CHECK (status IN ('paid', 'fulfilled', 'cancelled', 'refunded'));
ALTER TABLE orders ADD COLUMN fulfilled_on INTEGER;
ALTER TABLE orders ADD COLUMN fulfilled_by TEXT;
ALTER TABLE orders ADD COLUMN cancelled_on INTEGER;
ALTER TABLE orders ADD COLUMN cancelled_by TEXT;
ALTER TABLE orders ADD COLUMN refunded_on INTEGER;
ALTER TABLE orders ADD COLUMN refunded_by TEXT;
CREATE INDEX orders_by_created ON orders(created_on);
