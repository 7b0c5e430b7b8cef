-- The product's categories and tags (the string lists of data_json) in lower case, one a line,
-- which search compares with instead of reading the JSON of every product on every search (on
-- PostgreSQL that read was nine tenths of a search's time in a shop of thousands). Written with
-- every write of the product's data; NULL until then: the server fills the rows of an older store
-- when it starts (fillMissingCategoryTagSearchText), and search reads the JSON of a row still
-- without it.
ALTER TABLE products ADD COLUMN category_tag_search_text TEXT;
