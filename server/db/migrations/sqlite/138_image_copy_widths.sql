-- Which resized copies of an uploaded product image were made (server/admin/image-copies.ts), so a
-- picture's srcset lists only copies there are: their widths in pixels, smallest first, separated
-- by commas ("100,300,500,750"), or empty when none was made (a GIF, an animated WebP, a picture
-- narrower than 100 px). NULL where nothing was recorded: the theme's own pictures, which have no
-- copies, and images uploaded before this, whose copies follow from their recorded size (an older
-- one without any gets them on a width's first request, which records them: an animated WebP, none).
ALTER TABLE product_images ADD COLUMN copy_widths TEXT;
