-- A switch between Unlimited and a count joins the stock history, with who made it and when:
-- unlimited_after is 1 when the variant was made unlimited and 0 when it was counted again
-- (quantity_after then holds its count, delta is 0). NULL on a change of the count, which is
-- every row written before this column, so the history reads on as it did.
ALTER TABLE stock_changes ADD COLUMN unlimited_after BIGINT CHECK (unlimited_after IN (0, 1));
