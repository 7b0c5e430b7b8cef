-- The last four digits of the payment card an order charged, kept so the shopper's refund notice
-- can say which card the money goes back to (the whole number is never stored). NULL when no card
-- was charged (a gift card or a discount paid it all) and for orders placed before this column.
ALTER TABLE orders ADD COLUMN payment_card_last4 TEXT;
