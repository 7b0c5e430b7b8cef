-- A live order's card charge given back through the payment provider (server/admin/card-refund.ts):
-- when a refund was begun (set before the provider is asked, cleared when it answers no, so two
-- requests never ask at once and a refund whose end was never recorded shows on the order) and
-- when the provider gave the money back (set with the order's move to refunded or cancelled).
ALTER TABLE orders ADD COLUMN card_refund_started_on INTEGER;
ALTER TABLE orders ADD COLUMN card_refunded_on INTEGER;
