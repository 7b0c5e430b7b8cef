-- The tax rate an order was taxed at, in tenths of a basis point (8.875 % is 8875), as the store's
-- setting was when it was placed: its confirmation, its emails and the owner's screen say the rate
-- beside the tax (a VAT receipt must). Null for an order placed before it was kept.
ALTER TABLE orders ADD COLUMN tax_rate_tenths INTEGER;
