-- Refunds of part of an order (server/admin/partial-refund.ts): some of its money, with or without
-- some of its items, each recorded with where its money went (the payment card first, then the
-- gift card that paid part of the order), why, and who gave it. A whole refund or a cancellation
-- after them gives back only the rest.
CREATE TABLE order_refunds (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  card_cents BIGINT NOT NULL CHECK (card_cents >= 0),
  gift_card_cents BIGINT NOT NULL CHECK (gift_card_cents >= 0),
  reason TEXT NOT NULL,
  actor TEXT NOT NULL,
  created_on BIGINT NOT NULL
);
CREATE INDEX order_refunds_by_order ON order_refunds(order_id, created_on);

-- The items a refund took back: how many of an order line, and whether they went back to stock.
CREATE TABLE order_refund_lines (
  rowid BIGSERIAL,
  refund_id TEXT NOT NULL REFERENCES order_refunds(id) ON DELETE CASCADE,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  item_id TEXT NOT NULL REFERENCES order_items(id) ON DELETE CASCADE,
  quantity BIGINT NOT NULL CHECK (quantity > 0),
  restocked BIGINT NOT NULL CHECK (restocked IN (0, 1)),
  PRIMARY KEY (refund_id, item_id)
);
CREATE INDEX order_refund_lines_by_order ON order_refund_lines(order_id);

-- How much of a gift card payment has gone back on the card: a refund of part of the order puts
-- some back, and a later whole refund or cancellation only the rest. Payments returned whole
-- before this column are marked returned whole.
ALTER TABLE gift_card_payments ADD COLUMN returned_cents BIGINT NOT NULL DEFAULT 0;
UPDATE gift_card_payments SET returned_cents = amount_cents WHERE returned_on IS NOT NULL;
