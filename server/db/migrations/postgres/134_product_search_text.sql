-- The description as shoppers read it (tags left out, entities decoded, lower case), which search
-- compares with instead of the HTML. Written with every write of the body; NULL until then: the
-- server fills the rows of an older store when it starts (fillMissingBodySearchText), and search
-- reads the HTML of a row still without it.
ALTER TABLE products ADD COLUMN body_search_text TEXT;
