-- A percentage or amount discount code limited to chosen products or categories
-- (client/lib/discount-code.ts): applies_to says which, targets_json holds the products' ids or the
-- categories' names as a JSON array of text ('[]' for the whole order). The minimum order still
-- counts the whole order's goods; a free shipping code is always 'order'.
ALTER TABLE discount_codes ADD COLUMN applies_to TEXT NOT NULL DEFAULT 'order' CHECK (applies_to IN ('order', 'products', 'categories'));
ALTER TABLE discount_codes ADD COLUMN targets_json TEXT NOT NULL DEFAULT '[]';
