-- Sequences every process shares: the checkout takes the next order number with
-- UPDATE counters SET value = value + 1 ... RETURNING value inside the order's transaction,
-- so two processes never hand out the same number and a rolled-back order gives its number back.
CREATE TABLE counters (
  name TEXT PRIMARY KEY,
  value INTEGER NOT NULL
);
-- the first order is #1001
INSERT INTO counters (name, value) VALUES ('order-number', 1000);
