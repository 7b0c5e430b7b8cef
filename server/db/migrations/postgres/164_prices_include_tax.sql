-- An order's tax may be the part of its prices they include (the store's "prices include tax",
-- as VAT is shown): its total then does not add the tax. Kept per order, since the setting may
-- change after the order was placed, and refunds and receipts must read the order as it was paid.
ALTER TABLE orders ADD COLUMN tax_included BIGINT NOT NULL DEFAULT 0;
