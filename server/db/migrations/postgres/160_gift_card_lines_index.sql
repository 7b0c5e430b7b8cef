-- The gift card lines of orders, which each start reads to issue the cards owed to orders placed
-- before gift cards were kept as cards (migration 143 made the tables and issued none): found
-- through this index, so a start reads the shop's gift card lines, never all its order lines
-- (server/commerce/gift-cards-owed.ts).
CREATE INDEX order_items_gift_cards ON order_items(order_id) WHERE product_type = 4;
