-- What the owner's product editor sets beyond the seed's fields: whether a product shows on the
-- storefront, each variant's weight (by-weight shipping), and what an uploaded image is.
-- Categories and tags stay in products.data_json, where the product pages read them.

ALTER TABLE products ADD COLUMN visible INTEGER NOT NULL DEFAULT 1;
ALTER TABLE variants ADD COLUMN weight_grams INTEGER NOT NULL DEFAULT 0 CHECK (weight_grams >= 0);
ALTER TABLE product_images ADD COLUMN content_type TEXT;
ALTER TABLE product_images ADD COLUMN byte_size INTEGER;
