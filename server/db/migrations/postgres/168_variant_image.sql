-- A variant's own image, one of its product's (the product editor's variant rows): shown when a
-- shopper picks the variant, and on its cart line. NULL, as every variant starts, is the
-- product's first image. Removing the image from the product clears it (admin-product-repository.ts).
ALTER TABLE variants ADD COLUMN image_id TEXT;
