-- Indexes a store with thousands of products and orders needs, where a read went through the
-- whole table:
-- * an order's lines (its detail, the orders list's item counts, the export, a cancel or refund);
-- * a variant's sales (its stock history in the admin);
-- * the shop's order of a collection's products, which the shop lists and a new product
--   (the editor, each row of an import) reads the first place of;
-- * the admin's order of every product (the product list, a page at a time).
CREATE INDEX order_items_by_order ON order_items(order_id);
CREATE INDEX order_items_by_variant ON order_items(variant_id);
CREATE INDEX products_by_collection_order ON products(collection_id, display_order, id);
CREATE INDEX products_by_admin_order ON products(display_order, created_on, id);
