-- A page's revision (the admin's Pages screen): every write of the page there moves it on, and a
-- save or delete made against an older one is refused, so two people editing one page at once do
-- not silently overwrite each other's changes.
ALTER TABLE collections ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
