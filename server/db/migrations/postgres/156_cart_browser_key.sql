-- The browser a cart was first made for, as a digest of its crumb secret (never the secret): adds
-- sent at once by a new visitor, before any CART cookie, find the one cart the first of them made
-- rather than each making its own (server/api/first-cart.ts). Unique, so two can never both make one.
ALTER TABLE carts ADD COLUMN browser_key TEXT;
CREATE UNIQUE INDEX carts_by_browser_key ON carts(browser_key);
