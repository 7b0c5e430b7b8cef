-- The discount code the checkout last applied to the cart (as the store keeps it, upper case), or
-- null: a checkout loaded again applies it again, checked afresh, rather than dropping it. Only a
-- code a quote applied is written here; the order checks it again.
ALTER TABLE carts ADD COLUMN discount_code TEXT;
