-- The admin's product list sorted by title (A–Z, whatever the case) or newest first: a page of a
-- shop of thousands is read from these in order instead of sorting every product for it.
CREATE INDEX products_by_title ON products(lower(title), id);
CREATE INDEX products_by_created ON products(created_on, id);
