-- The admin's product list in the shop's order reads products as the shop does (display order,
-- then id: shop-order.ts), no longer by their creation time between the two: its index follows.
DROP INDEX products_by_admin_order;
CREATE INDEX products_by_shop_order ON products(display_order, id);
