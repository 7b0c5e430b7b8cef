-- Discount codes the owner makes (client/lib/discount-code.ts): a percentage or an amount off the
-- order's goods, or free shipping, typed by the shopper at the checkout. `code` is kept in upper
-- case. A code may start and end at given times, be used by at most `usage_limit` orders (counted
-- in `times_used` by a conditional update, so two orders never pass the limit) and be stopped.
CREATE TABLE discount_codes (
  rowid BIGSERIAL,
  id TEXT PRIMARY KEY,
  code TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('percent', 'amount', 'free-shipping')),
  percent_basis_points INTEGER NOT NULL DEFAULT 0 CHECK (percent_basis_points BETWEEN 0 AND 10000),
  amount_cents BIGINT NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
  -- the store's currency when the code was made: an amount off applies only in it
  currency TEXT NOT NULL,
  minimum_subtotal_cents BIGINT NOT NULL DEFAULT 0 CHECK (minimum_subtotal_cents >= 0),
  starts_on BIGINT,
  ends_on BIGINT,
  usage_limit INTEGER CHECK (usage_limit IS NULL OR usage_limit > 0),
  times_used INTEGER NOT NULL DEFAULT 0 CHECK (times_used >= 0),
  created_on BIGINT NOT NULL,
  updated_on BIGINT NOT NULL,
  stopped_on BIGINT
);

-- The code an order used (at most one an order) and what it took off, as it was then: the code's
-- record may change or stop later. returned_on marks the use given back when the order was
-- cancelled or refunded, so it goes back once. A code with uses cannot be deleted, only stopped.
CREATE TABLE discount_code_uses (
  rowid BIGSERIAL,
  order_id TEXT PRIMARY KEY REFERENCES orders(id) ON DELETE CASCADE,
  discount_code_id TEXT NOT NULL REFERENCES discount_codes(id),
  code TEXT NOT NULL,
  kind TEXT NOT NULL,
  amount_cents BIGINT NOT NULL CHECK (amount_cents >= 0),
  created_on BIGINT NOT NULL,
  returned_on BIGINT
);
CREATE INDEX discount_code_uses_by_code ON discount_code_uses(discount_code_id, created_on);
