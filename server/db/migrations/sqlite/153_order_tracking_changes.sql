-- Each correction of a fulfilled order's tracking after it was sent (PUT /api/admin/orders/{id}/tracking):
-- what the tracking became (all NULL when cleared), who changed it and when, and whether the shipping
-- notice went to the shopper again. The order's History lists them, so a shopper holding another
-- number than the order shows now is explained.
CREATE TABLE order_tracking_changes (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  order_id TEXT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  carrier TEXT,
  number TEXT,
  url TEXT,
  notice_sent INTEGER NOT NULL DEFAULT 0,
  changed_by TEXT,
  changed_on INTEGER NOT NULL
);
CREATE INDEX order_tracking_changes_by_order ON order_tracking_changes(order_id, changed_on);
