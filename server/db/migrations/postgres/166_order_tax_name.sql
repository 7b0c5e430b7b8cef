-- What the shop called its tax when the order was placed (Settings: Tax name, such as VAT; '' for
-- the platform's "Tax"): the order's page and the owner's screen keep saying it after a rename, as
-- its emails, written at the time, already do. Null for an order placed before it was kept.
ALTER TABLE orders ADD COLUMN tax_name TEXT;
