-- A product's revision: moved on by every write of what the editor shows (its fields, variants,
-- images). The editor sends the revision it loaded with a save, and a save made against an older
-- one is refused rather than writing the whole form over another member of staff's edit.
-- Stock counts move on their own (orders, the inventory screen) and do not move it: a count has
-- its own guard (qtyInStockWhenLoaded).
ALTER TABLE products ADD COLUMN revision BIGINT NOT NULL DEFAULT 1;
