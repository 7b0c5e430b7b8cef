-- An image's colours as the platform gives them with an image item (colorData: its corners' and
-- centre's averages, the suggested background), JSON; read from the image when it is uploaded or
-- seeded. NULL until read: an image stored before this is read after start-up, in the background
-- (server/admin/color-data-backfill.ts), and shows a neutral grey until then.
ALTER TABLE product_images ADD COLUMN color_data TEXT;
