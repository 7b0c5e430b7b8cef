-- Every stock change made outside the checkout, with why and by whom: an owner's edit, a
-- restock, an order cancelled (its quantities come back). Orders themselves are read from
-- order_items, so the checkout writes nothing here. No foreign key: the history outlives a
-- deleted variant.

CREATE TABLE stock_changes (
  id TEXT PRIMARY KEY,
  product_id TEXT NOT NULL,
  variant_id TEXT NOT NULL,
  delta INTEGER NOT NULL,
  quantity_after INTEGER,
  reason TEXT NOT NULL CHECK (reason IN ('order', 'owner-edit', 'restock', 'cancel')),
  actor TEXT NOT NULL,
  order_id TEXT,
  created_on INTEGER NOT NULL
);
CREATE INDEX stock_changes_by_variant ON stock_changes(variant_id, created_on);
