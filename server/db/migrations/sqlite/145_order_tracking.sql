-- How a fulfilled order was sent, as the owner gave it when fulfilling (or corrected it after):
-- the carrier (one of client/lib/parcel-carriers.ts, or "Other"), the tracking number, and the
-- tracking page's address (the owner's own, or made from the carrier's pattern). Each is NULL
-- when not given; the shipping notice and the shopper's order page show them.
ALTER TABLE orders ADD COLUMN tracking_carrier TEXT;
ALTER TABLE orders ADD COLUMN tracking_number TEXT;
ALTER TABLE orders ADD COLUMN tracking_url TEXT;
