-- Gift cards the checkout issues: one per gift card bought, with a code the recipient is emailed
-- (16 characters, client/lib/gift-card-code.ts), spent at the checkout until its balance is gone.
-- Its order's cancellation or refund cancels it (cancelled_on), and it is spendable no more.
CREATE TABLE gift_cards (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  -- the order that bought it
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  currency TEXT NOT NULL,
  initial_cents BIGINT NOT NULL CHECK (initial_cents >= 0),
  -- what is left to spend: taken by a conditional update, so two orders never overdraw it
  balance_cents BIGINT NOT NULL CHECK (balance_cents >= 0),
  recipient_email TEXT NOT NULL,
  created_on BIGINT NOT NULL,
  cancelled_on BIGINT
);
CREATE INDEX gift_cards_by_order ON gift_cards(order_id);

-- What an order paid with a gift card (at most one card an order); returned_on marks the amount
-- put back on the card when the order was cancelled or refunded, so it goes back once.
CREATE TABLE gift_card_payments (
  rowid BIGSERIAL,
  order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  gift_card_id TEXT NOT NULL REFERENCES gift_cards(id),
  amount_cents BIGINT NOT NULL CHECK (amount_cents > 0),
  created_on BIGINT NOT NULL,
  returned_on BIGINT
);
CREATE INDEX gift_card_payments_by_card ON gift_card_payments(gift_card_id);
